/**
 * `reserve_table` and its app-only helper `check_availability`: a view that talks back.
 *
 * The model calls `reserve_table`; its view is a booking form. The form asks the server for free
 * slots through `check_availability`, a tool with `visibility: ["app"]`: the host never lists it
 * to the model and only lets this server's views call it. When the user submits, the view
 * updates the model context and posts a user message; the server takes no booking itself.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { appOnlyToolMeta, builtAppFile, registerAppResource, uiToolMeta } from './app-resource.js'

const VIEW_URI = 'ui://examples/reservation.html'

const RESTAURANTS: Record<string, { cuisine: string; area: string }> = {
  'Luna Trattoria': { cuisine: 'Italian', area: 'Harbour district' },
  'Kōji Izakaya': { cuisine: 'Japanese', area: 'Old town' },
  'Verde Cantina': { cuisine: 'Mexican', area: 'Riverside' },
}

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')

export function registerReservationTools(server: McpServer): void {
  registerAppResource(server, {
    uri: VIEW_URI,
    name: 'reservation',
    title: 'Table reservation',
    description: 'Booking form that checks availability and sends the request back to the conversation.',
    htmlFile: builtAppFile('reservation'),
  })

  server.registerTool(
    'reserve_table',
    {
      title: 'Reserve a table',
      description: 'Opens a booking form for a restaurant. The user picks a time; the request comes back as a message.',
      inputSchema: {
        restaurant: z.enum(Object.keys(RESTAURANTS) as [string, ...string[]]).default('Luna Trattoria').describe('Restaurant'),
        partySize: z.number().int().min(1).max(12).default(2).describe('Number of guests'),
        date: date.optional().describe('Preferred date (YYYY-MM-DD); tomorrow when omitted'),
      },
      _meta: uiToolMeta(VIEW_URI),
    },
    async ({ restaurant, partySize, date }) => {
      const details = RESTAURANTS[restaurant] ?? { cuisine: 'Restaurant', area: '' }
      const day = date ?? tomorrow()
      return {
        content: [{ type: 'text', text: `Showing a booking form for ${restaurant} (${details.cuisine}, ${details.area}), ${partySize} guests on ${day}. The user will choose a time.` }],
        structuredContent: { restaurant, ...details, partySize, date: day },
      }
    },
  )

  server.registerTool(
    'check_availability',
    {
      title: 'Check availability',
      description: 'Free time slots for a party at a restaurant on a date. Used by the booking form only.',
      inputSchema: { restaurant: z.string(), date, partySize: z.number().int().min(1).max(12) },
      _meta: appOnlyToolMeta(),
    },
    async ({ restaurant, date, partySize }) => {
      const slots = freeSlots(restaurant, date, partySize)
      return {
        content: [{ type: 'text', text: slots.length ? `Free at ${slots.join(', ')}.` : 'Fully booked.' }],
        structuredContent: { restaurant, date, partySize, slots },
      }
    },
  )
}

/** Evening slots, some taken: which ones depends on the restaurant, the date and the party size. */
function freeSlots(restaurant: string, date: string, partySize: number): string[] {
  const all = ['17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30']
  const seed = [...`${restaurant}${date}`].reduce((sum, char) => sum + char.charCodeAt(0), 0)
  return all.filter((_, i) => (seed + i * 7 + partySize * 3) % 5 > (partySize > 6 ? 2 : 0))
}

function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
}
