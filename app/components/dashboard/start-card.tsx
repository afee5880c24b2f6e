import { FolderPlus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { FormResult } from '#app/utils/forms.ts'
import { CategoryForm } from './category-form.tsx'

/** The empty state: what the product does in one line, then the first category's form. */
export function Welcome({ result }: { result?: FormResult }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4" data-testid="dashboard-empty">
      <p className="max-w-3xl text-lg">{t('dashboard.empty.pitch')}</p>
      <StartCard step={1} title={t('dashboard.empty.title')} intro={t('dashboard.empty.start')} icon={FolderPlus}>
        <CategoryForm result={result} />
      </StartCard>
    </div>
  )
}

/** A step of getting started (category, then route): where the user is, what to do, the form. */
export function StartCard({ step, title, intro, icon: Icon, children }: { step: 1 | 2; title: string; intro: string; icon: typeof FolderPlus; children: React.ReactNode }) {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby="start-title"
      data-testid={`start-step-${step}`}
      className="mb-6 max-w-2xl rounded-xl border border-primary-200 bg-white p-4 shadow-xs sm:p-6 dark:border-primary-900 dark:bg-gray-900"
    >
      <ol className="mb-4 flex flex-wrap gap-2 text-xs font-medium" aria-label={t('dashboard.steps.label', { step, total: 2 })}>
        {(['category', 'route'] as const).map((name, i) => (
          <li
            key={name}
            aria-current={i + 1 === step ? 'step' : undefined}
            className={
              i + 1 === step
                ? 'rounded-full bg-primary-700 px-2.5 py-1 text-white'
                : 'rounded-full bg-gray-100 px-2.5 py-1 text-gray-600 dark:bg-gray-800 dark:text-gray-300'
            }
          >
            {i + 1}. {t(`dashboard.steps.${name}`)}
          </li>
        ))}
      </ol>
      <h2 id="start-title" className="flex items-center gap-2 text-lg font-semibold">
        <Icon className="size-5 shrink-0 text-primary-600 dark:text-primary-400" aria-hidden="true" />
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-gray-600 dark:text-gray-300">{intro}</p>
      {children}
    </section>
  )
}
