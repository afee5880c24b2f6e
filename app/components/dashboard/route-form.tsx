import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigation } from 'react-router'
import { RouteColorSwatches } from '#app/components/route-color-swatches.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import { defaultRouteColor, type RouteColor } from '#app/modules/walks/walks.schema.ts'
import type { FormResult } from '#app/utils/forms.ts'
import { messageKey } from '#app/i18n/keys.ts'

/**
 * A category's first route: a name and one of the ten colours. Posted to the dashboard's
 * action (validated like POST /api/routes/store), which then opens the map editor on it.
 */
export function RouteForm({ categoryId, result }: { categoryId: number; result?: FormResult }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'route'
  const [color, setColor] = useState<RouteColor>(defaultRouteColor)
  const errors = result?.errors
  const colorErrors = errors?.color
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate data-testid="route-form">
      <input type="hidden" name="intent" value="route" />
      <input type="hidden" name="place_category_id" value={categoryId} />
      <input type="hidden" name="color" value={color} />
      <Alert tone="error" message={result?.formError ?? errors?.place_category_id?.[0]} />
      <TextField
        label={t('dashboard.routeForm.name')}
        name="name"
        placeholder={t('dashboard.routeForm.namePlaceholder')}
        maxLength={120}
        required
        autoComplete="off"
        errors={errors?.name}
      />
      <div>
        <RouteColorSwatches value={color} onChange={setColor} />
        {colorErrors?.length ? (
          <ul className="mt-1 text-sm text-red-600 dark:text-red-400" data-testid="error-color">
            {colorErrors.map((error) => (
              <li key={error.key}>{t(messageKey(error.key), { ...error.values, attribute: t('fields.color') })}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={submitting} data-testid="create-route">
          {t('dashboard.routeForm.submit')}
        </Button>
        <Link to={localePath('/dashboard')} className="rounded-lg px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800">
          {t('dashboard.routeForm.later')}
        </Link>
      </div>
    </Form>
  )
}
