/** The names both sides of `window.openai` agree on (kept apart so the host side imports no view code). */

/** The `_meta` marker of a widget-state model context update, and the experimental capability key. */
export const WIDGET_STATE_KEY = 'openai/widgetState'

/** The event fired on the window when globals change; `detail.globals` holds the changed ones. */
export const SET_GLOBALS_EVENT = 'openai:set_globals'
