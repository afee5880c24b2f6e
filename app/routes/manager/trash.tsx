import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import { EmptyState } from '#app/components/landing-editor/empty-state.tsx'
import { ScreenHeader } from '#app/components/screen-header.tsx'
import { EmptyTrashButton, TrashList, TrashNotice, type ActionAnswer } from '#app/components/trash/trash-list.tsx'
import { requireUser } from '#app/modules/auth/guards.ts'
import { formFailure, formFields } from '#app/utils/forms.server.ts'
import { notFound, type Message } from '#app/utils/errors.ts'
import type { Route } from './+types/trash'

// The Trash screen (ADR 110): what the caller's teams deleted, restore or delete for good, and
// the owners' "empty the trash". The same service as /api/trash.

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args)
  const { services } = args.context
  const [items, tree] = await Promise.all([services.trash.list(user), services.categories.tree(user)])
  const flat = (nodes: typeof tree): typeof tree => nodes.flatMap((n) => [n, ...flat(n.children)])
  const owned = flat(tree)
    .filter((c) => c.role === 'owner' && items.some((i) => i.place_category_id === c.id))
    .map((c) => ({ id: c.id, name: c.name }))
  return { items, owned, trashDays: services.config.TRASH_DAYS, timeZone: services.config.TIME_ZONE }
}

const entryId = (value: string) => (/^[1-9]\d{0,9}$/.test(value) ? Number(value) : null)

/** What an action that went through says. */
const answered = (success: Message): ActionAnswer => ({ success })

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args)
  const { services } = args.context
  const form = await args.request.formData()
  try {
    const { intent } = formFields(form, ['intent'])
    if (intent === 'empty') {
      const category = entryId(formFields(form, ['category']).category)
      if (category === null) throw notFound()
      const count = await services.trash.empty(user, category)
      return answered({ key: 'trash.emptied', values: { count } })
    }
    const entry = entryId(formFields(form, ['entry']).entry)
    if (entry === null) throw notFound()
    if (intent === 'delete') {
      await services.trash.deleteForGood(user, entry)
      return answered({ key: 'trash.deleted_for_good' })
    }
    const restored = await services.trash.restore(user, entry)
    return answered(restored.new_slug ? { key: 'trash.restored_new_slug', values: { slug: restored.new_slug } } : { key: 'trash.restored' })
  } catch (error) {
    const failure = formFailure(error)
    return data(failure.data, failure.init ?? undefined)
  }
}

export default function Trash({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { items, owned, trashDays, timeZone } = loaderData
  return (
    <>
      <ScreenHeader title={t('trash.nav')} description={t('trash.description', { days: trashDays })} />
      {/* Without script, the form's answer; with it, the last action's (the fetchers'). */}
      <TrashNotice answer={actionData ?? undefined} />
      {owned.length > 0 ? (
        <div className="mb-4 flex flex-wrap gap-2">
          {owned.map((c) => (
            <EmptyTrashButton key={c.id} categoryId={c.id} categoryName={c.name} />
          ))}
        </div>
      ) : null}
      {items.length === 0 ? <EmptyState text={t('trash.empty')} /> : <TrashList items={items} timeZone={timeZone} />}
    </>
  )
}
