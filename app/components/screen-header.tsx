import { PageTitle } from './page-title.tsx'

export function ScreenHeader({ title, description }: { title: string; description?: string }) {
  return (
    <header className="mb-6 flex flex-col gap-1">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold">{title}</h1>
      {description ? <p className="max-w-3xl text-gray-600 dark:text-gray-300">{description}</p> : null}
    </header>
  )
}
