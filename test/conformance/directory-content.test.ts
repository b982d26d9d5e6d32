/**
 * The kit serves a folder (a view's assets, a host's sandbox proxy) on loopback: only the files
 * under it, never a hidden file, and never a sibling folder whose name starts like it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { directoryContent } from '../../src/conformance/runtime/servers.js'

const work = mkdtempSync(join(tmpdir(), 'kit-dir-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))
const root = join(work, 'dist')
mkdirSync(join(root, 'assets'), { recursive: true })
mkdirSync(join(root, '.git'), { recursive: true })
mkdirSync(join(work, 'dist-secrets'), { recursive: true })
writeFileSync(join(root, 'index.html'), '<!doctype html>')
writeFileSync(join(root, 'assets', 'app.js'), 'void 0')
writeFileSync(join(root, '.env'), 'TOKEN=secret')
writeFileSync(join(root, '.git', 'config'), '[core]')
writeFileSync(join(work, 'dist-secrets', 'key.txt'), 'secret')
const serve = directoryContent(root)

describe('directoryContent', () => {
  it('serves the files under the folder with their content type', () => {
    expect(serve('/index.html')).toMatchObject({ type: 'text/html; charset=utf-8' })
    expect(serve('/assets/app.js')).toMatchObject({ type: 'text/javascript; charset=utf-8' })
    expect(serve('/assets/missing.js')).toBeUndefined()
    expect(serve('/assets')).toBeUndefined()
  })

  it('serves no hidden file or folder, nothing outside the folder, and no sibling sharing its prefix', () => {
    expect(serve('/.env')).toBeUndefined()
    expect(serve('/.git/config')).toBeUndefined()
    expect(serve('/%2E%65nv')).toBeUndefined()
    expect(serve('/../dist-secrets/key.txt')).toBeUndefined()
    expect(serve('/..%2Fdist-secrets%2Fkey.txt')).toBeUndefined()
    expect(serve('/%E0%A4%A')).toBeUndefined()
  })
})
