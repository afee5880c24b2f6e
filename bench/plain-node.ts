import { spawn } from 'node:child_process'

/**
 * The machine's limit for an answer: a plain Node `http` server, in its own process,
 * sending the given bytes with the given type to every request. The bench's ratios are against it.
 */
export async function startPlainNode(body: Buffer, contentType: string): Promise<{ url: string; stop: () => void }> {
  const script = `
    const body = Buffer.from(process.env.PLAIN_BODY, 'base64')
    const server = require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': process.env.PLAIN_TYPE, 'Content-Length': body.length })
      res.end(body)
    })
    server.listen(0, '127.0.0.1', () => console.log(server.address().port))`
  const child = spawn(process.execPath, ['-e', script], { env: { ...process.env, PLAIN_BODY: body.toString('base64'), PLAIN_TYPE: contentType }, stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())))
    child.once('exit', (code) => reject(new Error(`plain Node server exited with ${code}`)))
  })
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() }
}
