import { markdownChangelog, renderChangelog, sanitiseChangelogHtml } from './changelog';

describe('sanitiseChangelogHtml', () => {
  it('keeps the allowed tags and drops the rest, with their scripts', () => {
    expect(sanitiseChangelogHtml('<h4 class="x">1.2</h4><ul><li onclick="evil()">Fix <strong>forms</strong></li></ul>')).toBe(
      '<h4>1.2</h4><ul><li>Fix <strong>forms</strong></li></ul>',
    );
    expect(sanitiseChangelogHtml('a<script>alert(1)</script>b<img src=x onerror=alert(1)><style>p{}</style>')).toBe('ab');
    expect(sanitiseChangelogHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseChangelogHtml('<a href="https://acme.example/c">x</a>')).toBe(
      '<a href="https://acme.example/c" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitiseChangelogHtml('1 < 2 & "q" <<b>>')).toBe('1 &lt; 2 &amp; &quot;q&quot; &lt;<b>&gt;');
  });
});

describe('markdownChangelog', () => {
  it('turns headings, lists and paragraphs into the allowed HTML', () => {
    expect(markdownChangelog('# 1.2.0\n* Fixed **forms**\n- Added `x`\n\nSee [notes](https://acme.example/n).')).toBe(
      '<h4>1.2.0</h4>\n<ul><li>Fixed <strong>forms</strong></li><li>Added <code>x</code></li></ul>\n' +
        '<p>See <a href="https://acme.example/n" target="_blank" rel="noopener noreferrer">notes</a>.</p>',
    );
    expect(markdownChangelog('= 1.1 =\n* <b>not html</b>')).toBe('<h4>1.1</h4>\n<ul><li>&lt;b&gt;not html&lt;/b&gt;</li></ul>');
  });

  it('picks HTML when a tag is given', () => {
    expect(renderChangelog('<p>x</p>')).toBe('<p>x</p>');
    expect(renderChangelog('* x')).toBe('<ul><li>x</li></ul>');
  });
});
