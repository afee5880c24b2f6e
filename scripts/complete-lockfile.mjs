import fs from 'node:fs'
// The registry reachable here lacks some platform-specific optional packages (e.g. darwin or
// windows builds of rollup, tailwind oxide): npm then leaves them out of package-lock.json and
// `npm ci` refuses the lock as "out of sync". This adds a placeholder entry (version, optional,
// os/cpu read from the name) for each missing one; npm skips them on other platforms as usual.
// Run after changing dependencies: node scripts/complete-lockfile.mjs package-lock.json
const file = process.argv[2] ?? "package-lock.json"
const lock = JSON.parse(fs.readFileSync(file, 'utf8'))
const pk = lock.packages
const osOf = (n) => ['android','darwin','freebsd','linux','win32','openbsd','sunos','aix','netbsd','openharmony'].find((o) => n.includes(o))
const cpuOf = (n) => ['arm64','x64','arm','ia32','ppc64','s390x','riscv64','loong64','mips64el','wasm32','ppc'].find((c) => new RegExp(`[-_]${c}([-_.]|$)`).test(n))
let added = 0
for (const [path, meta] of Object.entries(pk)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? path + '/' : ''}node_modules/${dep}`
    const top = `node_modules/${dep}`
    if (pk[nested] || pk[top]) continue
    const os = osOf(dep.split('/').pop()), cpu = cpuOf(dep.split('/').pop())
    const entry = { version, optional: true }
    if (os) entry.os = [os]
    if (cpu) entry.cpu = [cpu]
    if (!os && !cpu) { console.log('no platform in name:', dep); }
    pk[top] = entry
    added++
  }
}
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n')
console.log('added', added)
