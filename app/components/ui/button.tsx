import { clsx } from 'clsx'

type Variant = 'primary' | 'danger' | 'secondary' | 'ghost'

/**
 * Primary: white on green-700 (4.9:1, AA), darker on hover. Disabled buttons of every variant go
 * grey with dimmer text (less contrast than when enabled): they must not look more clickable than
 * enabled ones (issue 18 item 7). app/components/ui/button.test.ts checks both against the tokens.
 */
export const buttonVariants: Record<Variant, string> = {
  primary:
    'bg-primary-700 text-white hover:bg-primary-800 focus-visible:outline-primary-700 disabled:bg-gray-200 disabled:text-gray-500 dark:disabled:bg-gray-800 dark:disabled:text-gray-500',
  danger:
    'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600 disabled:bg-gray-200 disabled:text-gray-500 dark:disabled:bg-gray-800 dark:disabled:text-gray-500',
  secondary:
    'border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 disabled:text-gray-400 disabled:hover:bg-white dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800 dark:disabled:text-gray-500 dark:disabled:hover:bg-gray-900',
  ghost: 'text-gray-700 hover:bg-gray-100 disabled:text-gray-400 disabled:hover:bg-transparent dark:text-gray-200 dark:hover:bg-gray-800 dark:disabled:text-gray-500 dark:disabled:hover:bg-transparent',
}

export function Button({
  variant = 'primary',
  className,
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      {...props}
      className={clsx(
        'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed',
        buttonVariants[variant],
        className,
      )}
    />
  )
}
