/** The sandbox proxy page's script entry: bundled into `sandbox-proxy.html` at build time. */
import { startSandboxProxy } from './sandbox-proxy.js'

const refusal = startSandboxProxy(window)
if (refusal) console.error(refusal)
