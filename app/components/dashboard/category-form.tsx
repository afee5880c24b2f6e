import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { CATEGORY_SLUG_MAX } from '#app/modules/addresses/slug-limits.ts'
import { slugify } from '#app/modules/addresses/slug.ts'
import { createCategorySchema } from '#app/modules/categories/categories.schema.ts'
import type { FieldErrors } from '#app/utils/errors.ts'
import type { FormResult } from '#app/utils/forms.ts'
import { issuesToFieldErrors } from '#app/utils/validation.ts'

/** The slug a category name proposes; the server validates whatever is sent. */
const proposedSlug = (name: string) => slugify(name, CATEGORY_SLUG_MAX)

type Field = 'name' | 'slug'

/**
 * A field's messages once it was changed after the answer: the action's schema's, for its value
 * now (none when it is right), so a corrected field loses its error at once.
 */
function errorsNow(field: Field, value: string): FieldErrors[string] | undefined {
  const result = createCategorySchema.shape[field].safeParse(value)
  return result.success ? undefined : issuesToFieldErrors(result.error.issues.map((issue) => ({ ...issue, path: [field] })), { [field]: value })[field]
}

/**
 * Name and address (slug) of a new category; the slug follows the name until it is edited.
 * Posted to the dashboard's action, which validates it like POST /api/place-categories. The
 * action's messages show until their field changes; then the field is checked as it is typed.
 */
export function CategoryForm({ result, onCancel }: { result?: FormResult; onCancel?: () => void }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'category'
  const [name, setName] = useState('')
  const [slug, setSlug] = useState('')
  const [slugEdited, setSlugEdited] = useState(false)
  // The fields changed since the action answered (a new answer starts again).
  const [changed, setChanged] = useState<{ answer: FormResult | undefined; fields: Field[] }>({ answer: undefined, fields: [] })
  const edited = (field: Field) => changed.answer === result && changed.fields.includes(field)
  const markChanged = (...fields: Field[]) => setChanged((c) => ({ answer: result, fields: [...(c.answer === result ? c.fields : []), ...fields] }))
  const errorsOf = (field: Field, value: string) => (!result?.errors ? undefined : edited(field) ? errorsNow(field, value) : result.errors[field])
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate data-testid="category-form">
      <input type="hidden" name="intent" value="category" />
      <Alert tone="error" message={result?.formError} />
      <TextField
        label={t('dashboard.categoryForm.name')}
        name="name"
        value={name}
        placeholder={t('dashboard.categoryForm.namePlaceholder')}
        maxLength={120}
        required
        autoComplete="off"
        errors={errorsOf('name', name)}
        onChange={(event) => {
          setName(event.target.value)
          if (!slugEdited) setSlug(proposedSlug(event.target.value))
          markChanged(...(slugEdited ? (['name'] as const) : (['name', 'slug'] as const)))
        }}
      />
      <TextField
        label={t('dashboard.categoryForm.slug')}
        name="slug"
        value={slug}
        maxLength={CATEGORY_SLUG_MAX}
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={t('dashboard.categoryForm.slugHint')}
        errors={errorsOf('slug', slug)}
        onChange={(event) => {
          setSlug(event.target.value)
          setSlugEdited(event.target.value !== '')
          markChanged('slug')
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={submitting} data-testid="create-category">
          {t('dashboard.categoryForm.submit')}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('dashboard.categoryForm.cancel')}
          </Button>
        ) : null}
      </div>
    </Form>
  )
}
