/**
 * A conforming host whose context has no locale: our HostBridge adapter, started without
 * `locale`. Setting one later is a change, which the host rightly announces.
 */
import type { HostAdapter } from 'mcp-app-bridge/conformance'
import ours from '../../../conformance/adapters/our-host.js'

const adapter: HostAdapter = {
  ...ours,
  name: 'HostBridge with no locale in its context',
  mount({ hostContext, ...options }) {
    const { locale: _locale, ...withoutLocale } = hostContext
    return ours.mount({ ...options, hostContext: withoutLocale })
  },
}

export default adapter
