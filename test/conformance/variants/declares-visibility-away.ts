/**
 * A non-conforming host that declares its failure out of scope: the broken host with the
 * 'visibility' fault (tools the view must not call reach the server), declaring
 * `host-visibility-enforced` not applicable. That requirement binds every host, so the kit
 * must still report the failure.
 */
import type { HostAdapter } from 'mcp-app-bridge/conformance'
import broken from '../broken/broken-host.js'

const adapter: HostAdapter = {
  ...broken,
  name: 'broken HostBridge declaring host-visibility-enforced not applicable',
  notApplicable: { 'host-visibility-enforced': 'our tools are all safe to call' },
  mount: (options) => broken.mount({ ...options, adapterOptions: { fault: 'visibility' } }),
}

export default adapter
