/**
 * `mcp-app-bridge/openai/host`: the host's side of `window.openai`: putting the shim into an app's
 * HTML, and persisting its widget state.
 *
 * A ChatGPT app's HTML does not carry `window.openai`: ChatGPT injects it before the app runs. So
 * that such an app runs unchanged, `injectOpenAiShim` puts the shim's script-tag bundle
 * (`mcp-app-bridge/openai.iife.js`) at the top of its head, where the host's CSP `<meta>` then goes
 * right before it (`mountApp`), so the policy covers the shim too.
 *
 * ChatGPT keeps a widget's state and gives it back when the widget is shown again. In MCP Apps the
 * shim sends the state as model context (`ui/update-model-context`, `_meta["openai/widgetState"]`),
 * so the bridge's checks apply to it like to any view request: capability, rate limit, params.
 * The state's `privateContent` (ChatGPT's structured shape keeps it from the model) travels in the
 * marker, `_meta["openai/widgetState"] = { privateContent }`: `_meta` is never for the model.
 * `withWidgetState` adds the two things a host needs to persist it, without a new method on the
 * wire: a `save` hook that runs after those checks, and the saved state handed back in the
 * spec's experimental channel, `hostCapabilities.experimental["openai/widgetState"] = { state }`,
 * which also tells the app that this host persists its state.
 */
import { BridgeError, UPDATE_MODEL_CONTEXT, acceptsModality, isObject } from '../protocol/index.js'
import { headInsertionPoint } from '../host/csp-meta.js'
import type { HostBridgeOptions } from '../host/host-bridge.js'
import { checkModalities, type HostRequestContext } from '../host/view-requests.js'
import { WIDGET_STATE_KEY } from './keys.js'

export { WIDGET_STATE_KEY }

/** Where a host keeps one widget's state. */
export interface WidgetStateStore {
  /** The state saved for this widget earlier, handed back at the handshake (none: the app starts with `null`). */
  state?: unknown
  /** Saves the widget's new state (the app's `setWidgetState`); throwing refuses the update. */
  save(state: unknown, context: HostRequestContext): void | Promise<void>
}

/**
 * Returns `options` (for `mountApp` or `HostBridge`) with widget-state persistence: the saved state
 * in `capabilities.experimental`, `updateModelContext` advertised (for structured content) when the
 * host did not advertise it, structured content added when the host lists the kinds it accepts
 * without it (text only, say), and `store.save` called for each widget-state update before the
 * host's own `updateModelContext` handler. Other model context stays under what the host
 * advertised itself: refused when it advertised none, or when it carries a kind it did not list.
 */
export function withWidgetState<T extends Pick<HostBridgeOptions, 'capabilities' | 'handlers'>>(options: T, store: WidgetStateStore): T {
  const capabilities = options.capabilities ?? {}
  const own = options.handlers?.updateModelContext
  const advertised = capabilities.updateModelContext
  return {
    ...options,
    capabilities: {
      ...capabilities,
      // Widget state travels as structured content: a host that lists the kinds of model context
      // it accepts gets that one added (one that lists none already accepts every kind).
      updateModelContext: isObject(advertised) && !acceptsModality(advertised, 'structuredContent') ? { ...advertised, structuredContent: {} } : (advertised ?? { structuredContent: {} }),
      experimental: { ...capabilities.experimental, [WIDGET_STATE_KEY]: store.state === undefined ? {} : { state: store.state } },
    },
    handlers: {
      ...options.handlers,
      async updateModelContext(params, context) {
        const marker = isObject(params._meta) && params._meta[WIDGET_STATE_KEY]
        // The private part of the state travels in the marker, out of the model's sight.
        if (marker === true || isObject(marker)) await store.save(params.structuredContent ? { ...params.structuredContent, ...(isObject(marker) && marker) } : null, context)
        else {
          // The policy was widened for widget state only: other model context is held to the host's
          // own, by the bridge's own checks (no capability: not supported; else the kinds it lists).
          if (!isObject(advertised)) throw new BridgeError('NOT_SUPPORTED', `${UPDATE_MODEL_CONTEXT}: not supported`)
          checkModalities(UPDATE_MODEL_CONTEXT, advertised, params.content, params.structuredContent !== undefined)
        }
        await own?.(params, context)
      },
    },
  }
}

/**
 * Returns `html` with `script` (the text of `mcp-app-bridge/openai.iife.js`) as its first script,
 * after any doctype (so the document keeps standards mode). A `</script` inside the text is
 * escaped so it cannot end the element early.
 */
export function injectOpenAiShim(html: string, script: string): string {
  const at = headInsertionPoint(html)
  return `${html.slice(0, at)}<script>${script.replace(/<\/script/gi, '<\\/script')}</script>${html.slice(at)}`
}
