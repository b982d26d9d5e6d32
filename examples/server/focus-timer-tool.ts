/**
 * `start_focus_timer`: a view built for display modes and host styles.
 *
 * The server side is plain: the timer runs in the view. What the example shows is in the app:
 * it declares every display mode it supports, asks for picture-in-picture or fullscreen only
 * when the host offers them, and paints itself entirely from the host's style variables.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { builtAppFile, registerAppResource, uiToolMeta } from './app-resource.js'

const VIEW_URI = 'ui://examples/focus-timer.html'

export function registerFocusTimerTool(server: McpServer): void {
  registerAppResource(server, {
    uri: VIEW_URI,
    name: 'focus-timer',
    title: 'Focus timer',
    description: 'Countdown timer that can float in picture-in-picture or go fullscreen.',
    htmlFile: builtAppFile('focus-timer'),
    // No border: the timer draws its own surface, edge to edge in fullscreen and picture-in-picture.
    meta: { prefersBorder: false },
  })

  server.registerTool(
    'start_focus_timer',
    {
      title: 'Start a focus timer',
      description: 'Starts a countdown for a focused work session. The user can pop it out or go fullscreen.',
      inputSchema: {
        minutes: z.number().int().min(1).max(90).default(25).describe('Length of the session in minutes'),
        task: z.string().max(80).default('Draft the quarterly summary').describe('What the session is for'),
      },
      _meta: uiToolMeta(VIEW_URI),
    },
    async ({ minutes, task }) => ({
      content: [{ type: 'text', text: `Started a ${minutes}-minute focus timer for “${task}”.` }],
      structuredContent: { minutes, task, startedAt: new Date().toISOString() },
    }),
  )
}
