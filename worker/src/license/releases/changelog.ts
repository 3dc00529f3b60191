/**
 * A release's changelog as WordPress shows it in the "View version details" screen
 * (docs/commerce.md "Releases and updates"): HTML kept to a small allow-list, or Markdown (no
 * tag given) turned into that same HTML. Everything else is escaped, never passed through.
 */
const ALLOWED = new Set(['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'code', 'pre', 'br', 'a']);
/** Tags whose content goes too, not only the tag. */
const DROPPED_WITH_CONTENT = /<(script|style|iframe|object|svg|math|template|textarea|title)\b[\s\S]*?<\/\1\s*>/gi;

const escape = (text: string) =>
  text
    .replace(/&(?!(?:[a-z]+|#\d+|#x[0-9a-f]+);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function safeHref(attributes: string): string | null {
  const match = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  const href = (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim();
  return /^https?:\/\/[^\s"'<>]+$/i.test(href) ? href : null;
}

/** HTML with only the allowed tags (attributes dropped; `a` keeps an http(s) href and opens outside). */
export function sanitiseChangelogHtml(html: string): string {
  const text = html.replace(DROPPED_WITH_CONTENT, '').replace(/<!--[\s\S]*?-->/g, '');
  let out = '';
  let last = 0;
  for (const match of text.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^<>]*)>/g)) {
    out += escape(text.slice(last, match.index));
    last = match.index + match[0].length;
    const [, closing, rawName, attributes] = match;
    const name = rawName!.toLowerCase();
    if (!ALLOWED.has(name)) continue;
    if (closing) out += name === 'br' ? '' : `</${name}>`;
    else if (name === 'a') {
      const href = safeHref(attributes!);
      out += href ? `<a href="${escape(href)}" target="_blank" rel="noopener noreferrer">` : '<a>';
    } else out += `<${name}>`;
  }
  return out + escape(text.slice(last));
}

function inline(text: string): string {
  return escape(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, '<a href="$2" target="_blank" rel="noopener noreferrer">$1</a>');
}

/** Markdown's common part: `#` headings (and readme.txt's `= 1.2 =`), `*`/`-` lists, paragraphs, `code`, **bold**, links. */
export function markdownChangelog(markdown: string): string {
  const blocks: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length) blocks.push(`<ul>${list.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`);
    list = [];
  };
  for (const line of markdown.split(/\r?\n/).map((raw) => raw.trim())) {
    const heading = /^(#{1,3})\s+(.*)$/.exec(line) ?? /^(=+)\s*(.*?)\s*=+$/.exec(line);
    const item = /^[*-]\s+(.*)$/.exec(line);
    if (item) list.push(item[1]!);
    else flush();
    if (heading) blocks.push(`<h4>${inline(heading[2]!)}</h4>`);
    else if (!item && line !== '') blocks.push(`<p>${inline(line)}</p>`);
  }
  flush();
  return blocks.join('\n');
}

/** The changelog as stored: HTML when it holds a tag, else Markdown. */
export function renderChangelog(text: string): string {
  return /<[a-zA-Z/!]/.test(text) ? sanitiseChangelogHtml(text) : markdownChangelog(text);
}
