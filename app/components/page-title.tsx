/** React 19 hoists <title> into <head>, so a page can set its translated title where it renders. */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} · Trailguide`}</title>
}
