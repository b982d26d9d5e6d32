/**
 * Table reservation: an app that talks back.
 *
 * - "Check availability" calls `check_availability`, an app-only tool of the same server, through
 *   the host (`callServerTool`). The model never sees that tool.
 * - While the user edits, the form keeps the model informed with `updateModelContext`: each call
 *   replaces the previous one and starts no model turn.
 * - "Request booking" updates the context one last time and sends a user message with
 *   `sendMessage`, which is what starts the model's next turn.
 *
 * Each of those needs a host capability; the bridge refuses before sending when the host did
 * not advertise it, and the form says so instead of failing silently.
 */
import { BridgeError, ViewBridge, applyHostStyles, type CallToolResult } from 'mcp-app-bridge/view'

interface Booking {
  restaurant: string
  date: string
  partySize: number
  time?: string
  notes?: string
}

const bridge = new ViewBridge({ appInfo: { name: 'reservation', title: 'Table reservation', version: '1.0.0' } })

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!
const form = $<HTMLFormElement>('#form')
const dateInput = $<HTMLInputElement>('#date')
const partySelect = $<HTMLSelectElement>('#party')
const notesInput = $<HTMLTextAreaElement>('#notes')
const submit = $<HTMLButtonElement>('#submit')
const check = $<HTMLButtonElement>('#check')

let restaurant = ''
let selectedTime: string | undefined

for (let guests = 1; guests <= 12; guests++) partySelect.add(new Option(String(guests), String(guests)))

bridge.on('toolinput', ({ arguments: args = {} }) => fill(args))
bridge.on('toolresult', (result) => {
  if (result.isError) return setStatus(textOf(result) || 'The booking form could not be opened.', true)
  const data = result.structuredContent ?? {}
  fill(data)
  const details = [data.cuisine, data.area].filter((part) => typeof part === 'string' && part).join(' · ')
  if (details) $('#details').textContent = details
})
applyHostStyles(bridge)
bridge.on('hostcontextchanged', ({ locale }) => (document.documentElement.lang = locale ?? 'en'))

check.addEventListener('click', checkAvailability)
dateInput.addEventListener('change', resetSlots)
partySelect.addEventListener('change', resetSlots)
notesInput.addEventListener('input', () => shareDraft())
submit.addEventListener('click', () => void requestBooking())
$('#edit').addEventListener('click', () => {
  $('#sent').hidden = true
  form.hidden = false
})

bridge.connect().then(
  ({ hostCapabilities }) => {
    if (!hostCapabilities.serverTools) check.disabled = true
    if (!hostCapabilities.message) setStatus('This host cannot receive messages from apps.', true)
  },
  (error) => setStatus(`Could not connect to the host: ${error.message}`, true),
)

function fill(data: Record<string, unknown>): void {
  if (typeof data.restaurant === 'string') {
    restaurant = data.restaurant
    $('#restaurant').textContent = data.restaurant
  }
  if (typeof data.date === 'string') dateInput.value = data.date
  else if (!dateInput.value) dateInput.value = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  if (typeof data.partySize === 'number') partySelect.value = String(data.partySize)
}

function booking(): Booking {
  return { restaurant, date: dateInput.value, partySize: Number(partySelect.value), time: selectedTime, notes: notesInput.value.trim() || undefined }
}

async function checkAvailability(): Promise<void> {
  const { restaurant, date, partySize } = booking()
  if (!date) return setStatus('Pick a date first.', true)
  check.disabled = true
  check.textContent = 'Checking…'
  setStatus('')
  try {
    const result = await bridge.callServerTool({ name: 'check_availability', arguments: { restaurant, date, partySize } })
    const slots = result.structuredContent?.slots
    if (result.isError || !Array.isArray(slots)) throw new Error(textOf(result) || 'No availability returned.')
    showSlots(slots.filter((slot): slot is string => typeof slot === 'string'))
  } catch (error) {
    setStatus(describe(error), true)
  } finally {
    check.disabled = false
    check.textContent = 'Check availability'
  }
}

function showSlots(slots: string[]): void {
  const container = $('#slots')
  if (!slots.length) {
    container.replaceChildren(Object.assign(document.createElement('p'), { className: 'muted', textContent: 'Fully booked that day. Try another date.' }))
    return
  }
  container.replaceChildren(
    ...slots.map((time) => {
      const label = document.createElement('label')
      label.className = 'slot'
      const radio = Object.assign(document.createElement('input'), { type: 'radio', name: 'time', value: time })
      radio.addEventListener('change', () => {
        selectedTime = time
        submit.disabled = !bridge.hostCapabilities?.message
        shareDraft()
      })
      label.append(radio, formatTime(time))
      return label
    }),
  )
}

function resetSlots(): void {
  selectedTime = undefined
  submit.disabled = true
  $('#slots').replaceChildren(Object.assign(document.createElement('p'), { className: 'muted', textContent: 'Check availability to see the free times.' }))
}

let draftTimer: ReturnType<typeof setTimeout> | undefined
/** Tells the model what the user has chosen so far; debounced, since only the latest counts. */
function shareDraft(): void {
  clearTimeout(draftTimer)
  draftTimer = setTimeout(() => void updateContext('draft'), 400)
}

async function updateContext(status: 'draft' | 'requested'): Promise<void> {
  if (!bridge.hostCapabilities?.updateModelContext) return
  const current = booking()
  const verb = status === 'draft' ? 'is filling in' : 'requested'
  await bridge
    .updateModelContext({
      content: [{ type: 'text', text: `The user ${verb} a booking: ${summary(current)}.` }],
      structuredContent: { reservation: { status, ...current } },
    })
    .catch((error) => setStatus(describe(error), true))
}

async function requestBooking(): Promise<void> {
  const current = booking()
  if (!current.time) return setStatus('Pick a time first.', true)
  clearTimeout(draftTimer)
  submit.disabled = true
  try {
    await updateContext('requested')
    await bridge.sendMessage(`Please book ${summary(current)}.${current.notes ? ` Note for the restaurant: ${current.notes}` : ''}`)
    $('#sent-summary').textContent = summary(current)
    form.hidden = true
    $('#sent').hidden = false
    setStatus('')
  } catch (error) {
    setStatus(describe(error), true)
  } finally {
    submit.disabled = false
  }
}

function summary({ restaurant, date, partySize, time }: Booking): string {
  const day = new Intl.DateTimeFormat(bridge.hostContext.locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
  return `${restaurant} for ${partySize} ${partySize === 1 ? 'guest' : 'guests'} on ${day}${time ? ` at ${formatTime(time)}` : ''}`
}

function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return new Intl.DateTimeFormat(bridge.hostContext.locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, hours, minutes))
}

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join(' ').trim()
}

function describe(error: unknown): string {
  if (error instanceof BridgeError && error.code === 'NOT_SUPPORTED') return `This host does not allow it: ${error.message}`
  if (error instanceof BridgeError && error.code === 'DENIED') return `The host declined: ${error.message}`
  return error instanceof Error ? error.message : String(error)
}

function setStatus(message: string, isError = false): void {
  const status = $('#status')
  status.textContent = message
  status.classList.toggle('error', isError)
}
