import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  // BUILD_DIR lets parallel checkouts or test runs build side by side without overwriting each other.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config
