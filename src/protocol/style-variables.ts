/**
 * The 76 standard style variables a host may send in `hostContext.styles.variables`.
 * Any subset may be sent, so {@link McpUiStyles} is a partial record; a view should declare a
 * fallback for every variable it uses. Kept in its own module: only code that needs the list at
 * run time (validators, the conformance kit) pays for it.
 */
export const STYLE_VARIABLE_KEYS = [
  ...expand('--color-background-', ['primary', 'secondary', 'tertiary', 'inverse', 'ghost', 'info', 'danger', 'success', 'warning', 'disabled']),
  ...expand('--color-text-', ['primary', 'secondary', 'tertiary', 'inverse', 'ghost', 'info', 'danger', 'success', 'warning', 'disabled']),
  ...expand('--color-border-', ['primary', 'secondary', 'tertiary', 'inverse', 'ghost', 'info', 'danger', 'success', 'warning', 'disabled']),
  ...expand('--color-ring-', ['primary', 'secondary', 'inverse', 'info', 'danger', 'success', 'warning']),
  '--font-sans',
  '--font-mono',
  ...expand('--font-weight-', ['normal', 'medium', 'semibold', 'bold']),
  ...expand('--font-text-', ['xs-size', 'sm-size', 'md-size', 'lg-size']),
  ...expand('--font-heading-', ['xs-size', 'sm-size', 'md-size', 'lg-size', 'xl-size', '2xl-size', '3xl-size']),
  ...expand('--font-text-', ['xs-line-height', 'sm-line-height', 'md-line-height', 'lg-line-height']),
  ...expand('--font-heading-', ['xs-line-height', 'sm-line-height', 'md-line-height', 'lg-line-height', 'xl-line-height', '2xl-line-height', '3xl-line-height']),
  ...expand('--border-radius-', ['xs', 'sm', 'md', 'lg', 'xl', 'full']),
  '--border-width-regular',
  ...expand('--shadow-', ['hairline', 'sm', 'md', 'lg']),
] as readonly McpUiStyleVariableKey[]

function expand(prefix: string, names: string[]): string[] {
  return names.map((name) => prefix + name)
}

type Colors = 'primary' | 'secondary' | 'tertiary' | 'inverse' | 'ghost' | 'info' | 'danger' | 'success' | 'warning' | 'disabled'
type Rings = 'primary' | 'secondary' | 'inverse' | 'info' | 'danger' | 'success' | 'warning'
type TextSizes = 'xs' | 'sm' | 'md' | 'lg'
type HeadingSizes = TextSizes | 'xl' | '2xl' | '3xl'

/** One of the 76 standard style variable names. */
export type McpUiStyleVariableKey =
  | `--color-background-${Colors}`
  | `--color-text-${Colors}`
  | `--color-border-${Colors}`
  | `--color-ring-${Rings}`
  | '--font-sans'
  | '--font-mono'
  | `--font-weight-${'normal' | 'medium' | 'semibold' | 'bold'}`
  | `--font-text-${TextSizes}-size`
  | `--font-heading-${HeadingSizes}-size`
  | `--font-text-${TextSizes}-line-height`
  | `--font-heading-${HeadingSizes}-line-height`
  | `--border-radius-${'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'full'}`
  | '--border-width-regular'
  | `--shadow-${'hairline' | 'sm' | 'md' | 'lg'}`

/** Any subset of the standard variables (unlike the SDK's type, which forces a host to list all 76). */
export type McpUiStyles = Partial<Record<McpUiStyleVariableKey, string>>
