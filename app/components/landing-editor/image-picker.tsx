import { ImagePlus } from 'lucide-react'
import { useId, type ReactNode } from 'react'

/** A button-looking label over a hidden file input that takes one image (the input is emptied after each pick). */
export function ImagePicker({ busy, testId, ariaLabel, onFile, children }: { busy: boolean; testId: string; ariaLabel?: string; onFile: (file: File) => void; children: ReactNode }) {
  const inputId = useId()
  return (
    <>
      <label
        htmlFor={inputId}
        className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:hover:bg-gray-800"
      >
        <ImagePlus className="size-4" aria-hidden />
        {children}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        className="sr-only"
        disabled={busy}
        aria-label={ariaLabel}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) onFile(file)
        }}
      />
    </>
  )
}
