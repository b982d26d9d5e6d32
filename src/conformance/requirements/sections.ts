/**
 * Headings of the spec (`specification/2026-01-26/apps.mdx` in modelcontextprotocol/ext-apps) and
 * of the base protocols it builds on, as the catalogue cites them.
 */
export const SECTION = {
  resourceFormat: 'UI Resource Format',
  visibility: 'Resource Discovery › Visibility',
  transport: 'Transport Layer',
  sandboxProxy: 'Sandbox proxy',
  appCapabilities: 'App Capabilities in ui/initialize',
  hostContext: 'Host Context in McpUiInitializeResult',
  hostCapabilities: 'Host Capabilities',
  containerDimensions: 'Container Dimensions',
  displayModes: 'Display Modes › Requirements',
  theming: 'Theming',
  viewRequests: 'MCP Apps Specific Messages › Requests (View → Host)',
  hostNotifications: 'MCP Apps Specific Messages › Notifications (Host → View)',
  lifecycle: 'Lifecycle',
  capabilityNegotiation: 'Client<>Server Capability Negotiation',
  mitigations: 'Security Implications › Mitigations',
  cspEnforcement: 'Security Implications › Content Security Policy Enforcement',
  mcpPing: 'MCP base protocol › Ping',
  jsonRpc: 'JSON-RPC 2.0 (MCP base protocol)',
  extApps: 'ext-apps 2.0.4 additions',
} as const
