// Which of a place's stories a visitor reads (ADR 044). Pure: the public pages' loaders and the
// services call it with the stories as stored.

/** A story as stored: its content language, or null when written before stories had one. */
export interface StoryLanguage {
  locale: string | null
}

/** A story as visitors read it. */
export interface PublicSecret extends StoryLanguage {
  id: number
  title: string
  text: string
}

/** The content language of a page's stories and the category's fallback, where they fall back to. */
export interface StoryLanguages {
  locale: string
  fallback: string
}

/** The language a story is in: its tag, else (written before languages were asked) the category's fallback. */
export const storyLocale = (story: StoryLanguage, fallback: string): string => story.locale ?? fallback

/**
 * The stories in the visitor's content language; where a place has none in it, those in the
 * category's fallback language (the untagged ones among them), as the route's texts fall back;
 * none else (a story in a third language is not shown: the page says there is none yet).
 */
export function storiesFor<S extends StoryLanguage>(stories: readonly S[], locale: string, fallback: string): S[] {
  const inLocale = stories.filter((s) => storyLocale(s, fallback) === locale)
  if (inLocale.length > 0 || locale === fallback) return inLocale
  return stories.filter((s) => storyLocale(s, fallback) === fallback)
}
