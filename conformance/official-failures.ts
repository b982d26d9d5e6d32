/**
 * Every requirement the official SDK (`@modelcontextprotocol/ext-apps@2.0.4`) fails in the kit,
 * with the explanation: which rule, what the SDK does instead, where. The conformance tests
 * assert that the official verdicts fail exactly these, and `write-report.ts` puts the
 * explanations in REPORT.md, so the two cannot drift apart.
 */

/** `AppBridge` (host side), run through `adapters/official-host.ts`. */
export const OFFICIAL_HOST_FAILURES: Record<string, string> = {
  'host-nothing-before-initialized':
    'AppBridge sends whatever its caller sends, when it is sent: `sendToolInput`, `sendToolInputPartial`, `sendToolResult` and `setHostContext` post at once, before the view has sent `ui/notifications/initialized` (there is no queue). The spec\'s MUST ("The Host MUST NOT send any request or notification to the View before it receives an initialized notification", Sandbox proxy, item 6) is left to every host; the kit, playing a chat UI whose tool result is ready while the view loads, sees context, partial, input and result arrive before `initialized`. PROTOCOL.md §9.18.',
  'host-tool-input-once':
    'Asked for the tool input a second time, AppBridge delivers it again: nothing tracks that `ui/notifications/tool-input` was already sent, although the spec says it is "sent at most once" (a sentence without a keyword, hence SHOULD). PROTOCOL.md §9.18.',
  'host-tool-input-before-result':
    'Asked for a result before the input (main session, before the view initialized), AppBridge delivers `tool-result` first; the spec requires tool-input before tool-result ("required before sending ui/notifications/tool-result"). PROTOCOL.md §9.18.',
  'host-partials-stop':
    'Asked for a partial input after the complete input, AppBridge delivers it; the spec: the host "MUST stop sending once ui/notifications/tool-input is sent". PROTOCOL.md §9.18.',
  'host-one-outcome':
    'Asked to cancel a call whose result was delivered (main session), AppBridge sends `tool-cancelled` too, and asked for a result after a cancellation (minimal session) it sends that too, so the view sees two outcomes for one call (the lifecycle shows result and cancellation as alternatives; PROTOCOL.md A.2). SHOULD.',
  'host-visibility-enforced':
    'Given an MCP client, `AppBridge.connect()` installs an `oncalltool` forwarder that sends every view `tools/call` to the server, whatever the tool\'s visibility: `kit_model_only` (`["model"]`) and `kit_nobody` (`[]`) reach the server. The spec: "Host MUST reject tools/call requests from apps for tools that don\'t include \\"app\\" in visibility". Worse, `connect()` replaces an `oncalltool` the host set before, so a host cannot add the check without giving up forwarding. PROTOCOL.md §9.16.',
  'host-capability-gating':
    'AppBridge serves `ui/open-link`, `ui/message`, `ui/update-model-context`, `ui/download-file`, `tools/call`, `resources/read`, `resources/list` and `sampling/createMessage` although the host advertised none of the matching capabilities: its capability assertions are empty. The spec defines hostCapabilities as what the host supports; refusing the rest is this project\'s reading (PROTOCOL.md A.6), hence SHOULD. PROTOCOL.md §9.21.',
  'host-logging-gated':
    'Without `logging` advertised, AppBridge still calls `onloggingmessage` for the view\'s `notifications/message` (checklist item 69). PROTOCOL.md §9.21.',
  'host-display-mode-declared':
    'Asked by its host to switch to pip, `AppBridge.setHostContext({displayMode: "pip"})` sends it to a view that declared only inline and fullscreen: nothing compares the mode with `appCapabilities.availableDisplayModes`. The spec: "Host MUST NOT switch the View to a display mode that does not appear in its appCapabilities.availableDisplayModes, if set". (Requests from the view go to AppBridge\'s default handler, which keeps the current mode, and pass.) PROTOCOL.md §9.20.',
}

/** `App` (view side), run as `views/official-view.ts`. */
export const OFFICIAL_VIEW_FAILURES: Record<string, string> = {
  'view-checks-display-modes':
    '`App.requestDisplayMode` sends any mode without looking at `hostContext.availableDisplayModes`: asked for pip (not offered) and, in the minimal session, fullscreen (not offered), it sends both. The spec: "View MUST check if the requested mode is in availableDisplayModes from host context before requesting a mode change". The SDK documents the check as app code (its `requestDisplayMode` example tests `availableDisplayModes` first); the library does not do it.',
  'view-capability-gating':
    'With nothing advertised, `App` still sends `ui/open-link`, `ui/message`, `ui/update-model-context`, `tools/call`, `resources/read`, `ui/download-file`, `notifications/message` and `sampling/createMessage`: its capability checks are TODOs (and the one for sampling only runs under `enforceStrictCapabilities`). Refusing before sending is this project\'s reading (PROTOCOL.md A.6), hence SHOULD. PROTOCOL.md §9.7.',
}
