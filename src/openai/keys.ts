/** The names both sides of `window.openai` agree on (kept apart so the host side imports no view code). */

/** The `_meta` marker of a widget-state model context update, and the experimental capability key. */
export const WIDGET_STATE_KEY = 'openai/widgetState'

/** The event fired on the window when globals change; `detail.globals` holds the changed ones. */
export const SET_GLOBALS_EVENT = 'openai:set_globals'

/** The event fired on the window when `callTool` completes; `detail.tool` holds its `name` and `args`. */
export const TOOL_RESPONSE_EVENT = 'openai:tool_response'
