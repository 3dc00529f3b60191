/**
 * The `[Service]` directives of a systemd unit file (the last value of a repeated key wins;
 * `#` and `;` lines are comments), enough to start a service the way its unit does.
 */
export function serviceDirectives(unit: string): Record<string, string> {
  const directives: Record<string, string> = {};
  let section = '';
  for (const raw of unit.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    const equals = line.indexOf('=');
    if (section === 'Service' && equals > 0) directives[line.slice(0, equals).trim()] = line.slice(equals + 1).trim();
  }
  return directives;
}

/** PATH as systemd gives a service (systemd.exec(5), "Environment variables in spawned processes"). */
export const SYSTEMD_DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/**
 * An environment file filled in from its example: each `NAME=` line (or commented `#NAME=`
 * line) of a name in `values` becomes `NAME=value`. A name the example lacks is an error: the
 * example must list every variable an operator sets.
 */
export function fillEnvironmentExample(example: string, values: Record<string, string>): string {
  let text = example;
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^#?${name}=.*$`, 'm');
    if (!line.test(text)) throw new Error(`the environment example has no line for ${name}`);
    text = text.replace(line, `${name}=${value}`);
  }
  return text;
}
