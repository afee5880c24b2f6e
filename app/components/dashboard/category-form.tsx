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
type Values = Record<Field, string>

/**
 * A field's messages for a value the action did not judge: the action's schema's, for its value
 * now (none when it is right), so a corrected field loses its error at once.
 */
function errorsNow(field: Field, value: string): FieldErrors[string] | undefined {
  const result = createCategorySchema.shape[field].safeParse(value)
  return result.success ? undefined : issuesToFieldErrors(result.error.issues.map((issue) => ({ ...issue, path: [field] })), { [field]: value })[field]
}

/**
 * Name and address (slug) of a new category; the slug follows the name until it is edited.
 * Posted to the dashboard's action, which validates it like POST /api/place-categories. The
 * action's message on a field shows while the field holds the value it judged; any other value
 * (typed since, even while the form was on its way) is checked as it is typed.
 */
export function CategoryForm({ result, onCancel }: { result?: FormResult; onCancel?: () => void }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'category'
  const [name, setName] = useState('')
  const [slug, setSlug] = useState('')
  const [slugEdited, setSlugEdited] = useState(false)
  // The values last sent, and those the action's answer is about: the ones sent when it came
  // (a field typed into while the form was on its way is not what the answer judged).
  const [sent, setSent] = useState<Values>({ name: '', slug: '' })
  const [answered, setAnswered] = useState<{ result: FormResult | undefined; values: Values }>({ result, values: sent })
  if (answered.result !== result) setAnswered({ result, values: sent })
  const errorsOf = (field: Field, value: string) =>
    !result?.errors ? undefined : answered.values[field] === value ? result.errors[field] : errorsNow(field, value)
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate data-testid="category-form" onSubmit={() => setSent({ name, slug })}>
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
