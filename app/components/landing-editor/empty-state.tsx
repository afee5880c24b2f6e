export function EmptyState({ text }: { text: string }) {
  return (
    <p data-testid="landing-empty" className="rounded-xl border border-dashed border-gray-300 p-6 text-gray-600 dark:border-gray-700 dark:text-gray-300">
      {text}
    </p>
  )
}
