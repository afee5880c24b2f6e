import { isLocale } from '#app/i18n/config.ts'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RouteColorSwatches } from '#app/components/route-color-swatches.tsx'
import { ConfirmModal } from '#app/components/ui/modal.tsx'
import { useLocale } from '#app/i18n/use-locale.ts'
import { slugFromName } from '#app/modules/addresses/slug.ts'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { defaultRouteColor, routeColorNames, type RouteColor } from '#app/modules/walks/walks.schema.ts'
import { apiRequest } from '#app/client/api-client.ts'
import { ErrorBanner } from '#app/components/ui/alert.tsx'
import { InputField } from '#app/components/ui/text-field.tsx'
import { errorsOf, type ServerErrors } from './form-bits.tsx'

const asColor = (value: string | undefined): RouteColor => (routeColorNames as readonly string[]).includes(value ?? '') ? (value as RouteColor) : defaultRouteColor

interface Values {
  name: string
  color: RouteColor
  slug: string
}

interface Common {
  open: boolean
  onOpenChange(open: boolean): void
  /** The public map address a slug gives in the route's category (ADR 011), shown as a hint. */
  mapAddressOf(slug: string): string
}

type Props =
  | (Common & { mode: 'new'; categoryId: number; onCreated(route: { uuid: string; slug: string }): void })
  | (Common & { mode: 'edit'; route: RouteView; onUpdated(route: RouteView): void })

/**
 * New route (POST /api/routes/store) and edit route (PUT /api/routes/update with only name,
 * colour and slug). A new route's url may stay empty: the server then makes a free slug from the
 * name, which the hint shows.
 */
export function RouteFormModal(props: Props) {
  const { t } = useTranslation()
  const locale = useLocale()
  const formId = useId()
  // Mounted on each opening (see RouteToolbar), so it starts from the route as it is now.
  const [values, setValues] = useState<Values>(() =>
    props.mode === 'edit' ? { name: props.route.name ?? '', color: asColor(props.route.color), slug: props.route.slug } : { name: '', color: defaultRouteColor, slug: '' },
  )
  const [errors, setErrors] = useState<ServerErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }))

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const name = values.name.trim()
    // docs/spec.md §5: a route has a name only when it is non-blank.
    if (!name) return setErrors({ name: [t('routeModals.nameRequired')] })
    setBusy(true)
    setErrors({})
    setFormError(null)
    try {
      if (props.mode === 'new') {
        const created = await apiRequest('/routes/store', {
          method: 'POST',
          body: { name, color: values.color, url: values.slug.trim(), place_category_id: props.categoryId, locale },
        })
        props.onOpenChange(false)
        props.onCreated({ uuid: created.uuid, slug: created.slug })
      } else {
        const slug = values.slug.trim()
        const updated = await apiRequest('/routes/update', {
          method: 'PUT',
          body: { uuid: props.route.uuid, locale: isLocale(props.route.locale) ? props.route.locale : undefined, name, color: values.color, ...(slug && slug !== props.route.slug ? { slug } : {}) },
        })
        props.onOpenChange(false)
        props.onUpdated(updated)
      }
    } catch (error) {
      const result = errorsOf(error, t(props.mode === 'new' ? 'routeModals.createFailed' : 'routeModals.updateFailed'), { url: 'slug' })
      setErrors(result.fields)
      setFormError(result.form)
    } finally {
      setBusy(false)
    }
  }

  const proposed = slugFromName(values.name.trim() || t('routeModals.namePlaceholder'))
  const isNew = props.mode === 'new'
  const slugHint = t('routeModals.slugHint', { path: props.mapAddressOf(values.slug.trim() || proposed) })
  // A printed address never breaks: the old one keeps leading to the route.
  const renamed = props.mode === 'edit' && values.slug.trim() !== '' && values.slug.trim() !== props.route.slug
  return (
    <ConfirmModal
      open={props.open}
      onOpenChange={props.onOpenChange}
      busy={busy}
      size="lg"
      title={t(isNew ? 'routeModals.new.title' : 'routeModals.edit.title')}
      description={isNew ? t('routeModals.new.description') : undefined}
      testId={isNew ? 'new-route-modal' : 'edit-route-modal'}
      confirm={{
        form: formId,
        label: busy ? t('routeModals.saving') : t(isNew ? 'routeModals.new.submit' : 'routeModals.edit.submit'),
        testId: 'route-form-submit',
      }}
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ErrorBanner message={formError} testId="modal-error" />
        <InputField
          label={t('routeModals.name')}
          name="name"
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
          errors={errors.name}
          maxLength={120}
          required
          autoComplete="off"
          testId="route-name"
          autoFocus
        />
        <div>
          <RouteColorSwatches value={values.color} onChange={(color) => set({ color })} />
          {errors.color ? <p className="mt-1 text-sm text-red-600 dark:text-red-400">{errors.color.join(' ')}</p> : null}
        </div>
        <InputField
          label={t(isNew ? 'routeModals.slugOptional' : 'routeModals.slug')}
          name="slug"
          value={values.slug}
          onChange={(e) => set({ slug: e.target.value.toLowerCase() })}
          errors={errors.slug}
          maxLength={80}
          placeholder={isNew ? proposed : undefined}
          hint={renamed ? `${slugHint} ${t('routeModals.slugKept')}` : slugHint}
          autoComplete="off"
          spellCheck={false}
          testId="route-slug"
        />
      </form>
    </ConfirmModal>
  )
}
