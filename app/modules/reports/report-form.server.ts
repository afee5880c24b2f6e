import { MAX_IMAGE_BYTES, imageTooLarge } from '#app/platform/images/images.server.ts'
import { readMultipartForm } from '#app/modules/uploads/upload-form.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { formFields } from '#app/utils/forms.server.ts'
import type { ReportSubmission } from './reports.service.server.ts'

const FIELDS = ['kind', 'message', 'qr_code', 'place_id', 'route']

const photoNotAnImage = () => new AppError(422, { key: 'errors.not_an_image' }, { photo: [{ key: 'errors.not_an_image' }] })

/**
 * A report sent as multipart/form-data (the page form without script, the API with a photo):
 * the known text fields, and the `photo` file. An empty file input (no photo chosen) is no photo.
 * Null when the request is not multipart.
 */
export async function readReportForm(request: Request): Promise<ReportSubmission | null> {
  const form = await readMultipartForm(request)
  if (!form) return null
  const fields = formFields(form, FIELDS)
  const file = form.get('photo')
  if (file === null || file === '') return { fields, photo: null }
  if (typeof file === 'string') throw photoNotAnImage()
  if (file.size === 0) return { fields, photo: null }
  if (file.size > MAX_IMAGE_BYTES) throw imageTooLarge()
  return { fields, photo: Buffer.from(await file.arrayBuffer()) }
}
