// A readable, self-contained reference page of the API, rendered from the OpenAPI document
// (no script and no CDN: it works offline and behind any Content-Security-Policy).

interface Operation {
  tags?: string[]
  summary?: string
  description?: string
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[]
  requestBody?: { content?: Record<string, { schema?: unknown }> }
  responses?: Record<string, { description?: string }>
}

type Document = { info: { title: string; version: string }; paths?: object }

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
const methods = ['get', 'post', 'put', 'patch', 'delete'] as const

export function renderApiReference(doc: Document, basePath: string): string {
  const byTag = new Map<string, string[]>()
  const paths = Object.entries((doc.paths ?? {}) as Record<string, Partial<Record<(typeof methods)[number], Operation>>>)
  for (const [path, item] of paths.sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of methods) {
      const op = item[method]
      if (!op) continue
      const tag = op.tags?.[0] ?? 'other'
      const params = (op.parameters ?? [])
        .map((p) => `<li><code>${escape(p.name)}</code> in ${escape(p.in)}${p.required ? ' (required)' : ''}</li>`)
        .join('')
      const body = op.requestBody?.content
        ? Object.entries(op.requestBody.content)
            .map(([type, media]) => `<p>Body <code>${escape(type)}</code></p><pre>${escape(JSON.stringify(media.schema ?? {}, null, 2))}</pre>`)
            .join('')
        : ''
      const responses = Object.entries(op.responses ?? {})
        .map(([code, r]) => `<li><b>${escape(code)}</b> ${escape(r.description ?? '')}</li>`)
        .join('')
      const entry = `<details><summary><span class="m ${method}">${method.toUpperCase()}</span> <code>${escape(basePath + path)}</code></summary>
${op.description ? `<p>${escape(op.description)}</p>` : ''}${params ? `<p>Parameters</p><ul>${params}</ul>` : ''}${body}<p>Responses</p><ul>${responses}</ul></details>`
      byTag.set(tag, [...(byTag.get(tag) ?? []), entry])
    }
  }
  const sections = [...byTag.entries()].map(([tag, entries]) => `<h2>${escape(tag)}</h2>${entries.join('\n')}`).join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} reference</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111827}
h1{margin-bottom:0}h2{margin-top:2rem;border-bottom:1px solid #e5e7eb;text-transform:capitalize}
details{border:1px solid #e5e7eb;border-radius:.5rem;margin:.4rem 0;padding:.4rem .8rem}summary{cursor:pointer}
pre{background:#f3f4f6;padding:.6rem;border-radius:.4rem;overflow:auto;font-size:12px}
.m{display:inline-block;min-width:4.2rem;font:700 12px monospace;color:#fff;border-radius:.3rem;padding:.1rem .3rem;text-align:center}
.get{background:#2563eb}.post{background:#16a34a}.put{background:#d97706}.patch{background:#9333ea}.delete{background:#dc2626}
</style></head><body><h1>${escape(doc.info.title)}</h1><p>Version ${escape(doc.info.version)} ·
<a href="${escape(basePath)}/openapi.json">OpenAPI document</a> · Answers are <code>{"data": …}</code>; errors
<code>{"message", "errors"?}</code>. Authenticate with the <code>token</code> cookie or <code>Authorization: Bearer</code>.</p>
${sections}</body></html>`
}
