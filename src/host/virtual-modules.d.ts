/** Built by rollup.config.ts: the sandbox proxy page's script, bundled and minified. */
declare module 'virtual:sandbox-proxy-script' {
  const script: string
  export default script
}
