/**
 * The script-tag entry (`mcp-app-bridge/openai.iife.js`): installs `window.openai` as it loads,
 * so it must come before the app's own scripts. Does nothing where `window.openai` exists.
 */
import { installOpenAiShim } from './shim.js'

installOpenAiShim()
