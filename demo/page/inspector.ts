/** The side panel: two tabs, "Model context" and "Protocol", and the log's filter and clear. */
import { ModelContextPanel } from './model-context.js'
import { ProtocolLog } from './protocol-log.js'

export interface Inspector {
  modelContext: ModelContextPanel
  log: ProtocolLog
}

export function createInspector(): Inspector {
  const byId = (id: string) => document.getElementById(id)!
  const modelContext = new ModelContextPanel(byId('panel-context'))
  const log = new ProtocolLog(byId('log'), byId('log-count'))

  const tabs = [...document.querySelectorAll<HTMLButtonElement>('.inspector [role="tab"]')]
  for (const tab of tabs) {
    tab.addEventListener('click', () => {
      for (const other of tabs) {
        other.setAttribute('aria-selected', String(other === tab))
        byId(other.getAttribute('aria-controls')!).hidden = other !== tab
      }
      if (tab.id === 'tab-protocol') log.shown()
    })
  }

  const filters = [...document.querySelectorAll<HTMLButtonElement>('#log-filter [data-filter]')]
  for (const button of filters) {
    button.addEventListener('click', () => {
      for (const other of filters) other.setAttribute('aria-pressed', String(other === button))
      log.setFilter(button.dataset.filter as 'all' | 'view' | 'server')
      log.shown()
    })
  }
  byId('log-clear').addEventListener('click', () => log.clear())
  return { modelContext, log }
}
