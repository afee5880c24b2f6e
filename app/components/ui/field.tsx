import { clsx } from 'clsx'
import { useId } from 'react'

/** A label above its control, tied by id (a label around a select would also read out every option). */
export function Field({ label, className, children }: { label: string; className?: string; children: (id: string) => React.ReactNode }) {
  const id = useId()
  return (
    <div className={clsx('flex flex-col gap-1 text-sm', className)}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children(id)}
    </div>
  )
}
