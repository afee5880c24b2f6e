import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { CATEGORY_SLUG_MAX } from '#app/modules/addresses/slug-limits.ts'
import { slugify } from '#app/modules/addresses/slug.ts'
import type { FormResult } from '#app/utils/forms.ts'

/** The slug a category name proposes; the server validates whatever is sent. */
const proposedSlug = (name: string) => slugify(name, CATEGORY_SLUG_MAX)

/**
 * Name and address (slug) of a new category; the slug follows the name until it is edited.
 * Posted to the dashboard's action, which validates it like POST /api/place-categories.
 */
export function CategoryForm({ result, onCancel }: { result?: FormResult; onCancel?: () => void }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'category'
  const [name, setName] = useState('')
  const [slug, setSlug] = useState('')
  const [slugEdited, setSlugEdited] = useState(false)
  const errors = result?.errors
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
        errors={errors?.name}
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
        errors={errors?.slug}
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
