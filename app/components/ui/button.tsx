import { clsx } from 'clsx'

type Variant = 'primary' | 'danger' | 'secondary' | 'ghost' | 'ghostPrimary' | 'ghostDanger' | 'pill' | 'link'
type Size = 'sm' | 'md' | 'lg'

/**
 * Primary: white on green-700 (4.9:1, AA), darker on hover. Disabled buttons of every variant go
 * grey with dimmer text (less contrast than when enabled): they must not look more clickable than
 * enabled ones. app/components/ui/button.test.ts checks both against the tokens.
 * `ghostPrimary` and `ghostDanger`: a ghost in the product's green or in red (add, remove);
 * `pill`: a round, ringed button beside the visitor page's text (like, share); `link`: a button
 * that reads as a link (a second, lesser way on).
 */
export const buttonVariants: Record<Variant, string> = {
  primary:
    'bg-primary-700 text-white hover:bg-primary-800 focus-visible:outline-primary-700 disabled:bg-gray-200 disabled:text-gray-500 dark:disabled:bg-gray-800 dark:disabled:text-gray-500',
  danger:
    'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600 disabled:bg-gray-200 disabled:text-gray-500 dark:disabled:bg-gray-800 dark:disabled:text-gray-500',
  secondary:
    'focus-visible:outline-primary-600 border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 disabled:text-gray-400 disabled:hover:bg-white dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800 dark:disabled:text-gray-500 dark:disabled:hover:bg-gray-900',
  ghost: 'focus-visible:outline-primary-600 text-gray-700 hover:bg-gray-100 disabled:text-gray-400 disabled:hover:bg-transparent dark:text-gray-200 dark:hover:bg-gray-800 dark:disabled:text-gray-500 dark:disabled:hover:bg-transparent',
  ghostPrimary:
    'focus-visible:outline-primary-600 text-primary-700 hover:bg-primary-50 disabled:text-gray-400 disabled:hover:bg-transparent dark:text-primary-300 dark:hover:bg-primary-950 dark:disabled:text-gray-500 dark:disabled:hover:bg-transparent',
  ghostDanger:
    'focus-visible:outline-primary-600 text-red-700 hover:bg-red-50 disabled:text-gray-400 disabled:hover:bg-transparent dark:text-red-400 dark:hover:bg-red-950 dark:disabled:text-gray-500 dark:disabled:hover:bg-transparent',
  pill: 'focus-visible:outline-primary-600 bg-white text-gray-800 ring-1 ring-gray-300 hover:bg-gray-50 disabled:text-gray-400 disabled:hover:bg-white',
  link: 'focus-visible:outline-primary-600 text-primary-800 underline disabled:text-gray-400 disabled:no-underline dark:text-primary-300 dark:disabled:text-gray-500',
}

/** sm: a dense panel's; md: the manager screens'; lg: the visitor pages' (48 px, a thumb's). */
const sizes: Record<Size, string> = {
  sm: 'px-2.5 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
  lg: 'min-h-12 px-4 text-base',
}
const iconSizes: Record<Size, string> = { sm: 'p-1', md: 'p-1.5', lg: 'p-2' }

const base = 'inline-flex items-center justify-center gap-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed'
const radius = (variant: Variant, size: Size) => (variant === 'pill' ? 'rounded-full' : size === 'lg' ? 'rounded-xl' : 'rounded-lg')

/** A button's classes, for an element that must look like one (a link to a page, a download). */
export function buttonClass({ variant = 'primary', size = 'md', className }: { variant?: Variant; size?: Size; className?: string } = {}): string {
  if (variant === 'link') return clsx('font-medium focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed', buttonVariants.link, className)
  return clsx(base, radius(variant, size), sizes[size], buttonVariants[variant], className)
}

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size; ref?: React.Ref<HTMLButtonElement> }

export function Button({ variant = 'primary', size = 'md', className, ...props }: ButtonProps) {
  return <button {...props} className={buttonClass({ variant, size, className })} />
}

/**
 * A button that shows only an icon: `label` is its accessible name (and its tooltip unless
 * `title` says otherwise). The icon goes in as the child, `aria-hidden`.
 */
export function IconButton({
  label,
  variant = 'ghost',
  size = 'md',
  title,
  className,
  type = 'button',
  ...props
}: Omit<ButtonProps, 'aria-label'> & { label: string }) {
  return (
    <button
      type={type}
      {...props}
      aria-label={label}
      title={title ?? label}
      className={clsx(base, radius(variant, size), iconSizes[size], buttonVariants[variant], className)}
    />
  )
}
