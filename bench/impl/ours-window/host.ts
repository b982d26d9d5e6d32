/**
 * Host port for mcp-app-bridge on the window path: exactly ours. It would take the view's port if
 * one came; this view's never does, so the session runs on the frame's window.
 */
export { hostPort } from '../ours/host.js'
