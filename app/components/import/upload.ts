import { ApiError } from '#app/client/api-client.ts'

export interface UploadProgress {
  /** Bytes sent of the total; `null` total while unknown. */
  loaded: number
  total: number | null
  /** True once the upload is sent and the server is reading the file. */
  processing: boolean
}

/**
 * POSTs a multipart form with XMLHttpRequest: fetch cannot report upload progress, and a 10 MB
 * file on a slow line needs a progress bar. Answers `data` like apiRequest, or throws ApiError.
 */
export function uploadForm<T>(path: string, form: FormData, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/api${path}`)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.withCredentials = true
    xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : null, processing: false })
    xhr.upload.onload = () => onProgress({ loaded: 1, total: 1, processing: true })
    xhr.onerror = () => reject(new ApiError(0, 'network', undefined, false))
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'))
    xhr.onload = () => {
      let payload: { data?: T; message?: string; errors?: Record<string, string[]> } = {}
      try {
        payload = JSON.parse(xhr.responseText)
      } catch {
        payload = {}
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(payload.data as T)
      else reject(new ApiError(xhr.status, payload.message ?? xhr.statusText, payload.errors, payload.message !== undefined))
    }
    signal?.addEventListener('abort', () => xhr.abort())
    xhr.send(form)
  })
}
