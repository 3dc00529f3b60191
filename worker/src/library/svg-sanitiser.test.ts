import { SvgError, sanitiseSvg } from './svg-sanitiser';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const clean = (svg: string) => sanitiseSvg(svg).svg;

describe('sanitiseSvg keeps a clean drawing as it is', () => {
  const drawing =
    `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100" width="100" height="100">` +
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff7a59"/><stop offset="1" stop-color="#ffd166"/></linearGradient>' +
    '<clipPath id="c"><circle cx="50" cy="50" r="40"/></clipPath></defs>' +
    '<rect width="100" height="100" fill="url(#g)" style="opacity:0.9;stroke:#222"/>' +
    '<g clip-path="url(#c)"><path d="M0 0L100 100" stroke="#fff" stroke-width="4"/></g>' +
    '<use href="#c" xlink:href="#c"/>' +
    '<text x="50" y="55" font-family="\'Playfair Display\', Georgia, serif" text-anchor="middle">Tom &amp; Jerry &lt;3</text>' +
    '</svg>';

  it('returns the same bytes and reports nothing', () => {
    expect(sanitiseSvg(drawing)).toEqual({ svg: drawing, removed: [] });
  });

  it('is idempotent on what it returns', () => {
    const once = clean(`<?xml version="1.0"?>\n<!-- made by hand -->\n<svg viewBox="0 0 1 1"><rect></rect><g>\r\n</g></svg>`);
    expect(once).toBe(`<svg ${NS} viewBox="0 0 1 1"><rect/><g>\n</g></svg>`);
    expect(clean(once)).toBe(once);
  });
});

describe('sanitiseSvg removes what can run or fetch', () => {
  it('removes <script>, with its content, in any case', () => {
    const result = sanitiseSvg(
      `<svg ${NS}><script>alert(1)</script><SCRIPT>alert(2)</SCRIPT><Script xlink:href="http://x/a.js"/><rect width="1"/></svg>`,
    );
    expect(result.svg).toBe(`<svg ${NS}><rect width="1"/></svg>`);
    expect(result.removed).toEqual(expect.arrayContaining(['<script> element', '<SCRIPT> element', '<Script> element']));
  });

  it('removes event handlers (onload=, onclick=, ONLOAD=, onLoad=)', () => {
    const result = sanitiseSvg(
      `<svg ${NS} onload="alert(1)" ONLOAD="alert(2)"><rect onclick="x()" onLoad="y()" onmouseover = 'z()' width="2"/></svg>`,
    );
    expect(result.svg).toBe(`<svg ${NS}><rect width="2"/></svg>`);
    expect(result.removed).toContain('onload on <svg> (event handler)');
    expect(result.svg).not.toMatch(/on\w+=/i);
  });

  it('removes <foreignObject> with its HTML, also spelled otherwise', () => {
    const svg = `<svg ${NS}><foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></body></foreignObject><foreignobject/><FOREIGNOBJECT/></svg>`;
    expect(clean(svg)).toBe(`<svg ${NS}/>`);
  });

  it('removes external xlink:href and href, keeping #fragments', () => {
    const svg =
      `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="http://evil.example/sprite.svg#a"/>` +
      '<use href="https://evil.example/s.svg#b"/><use href="//evil.example/c.svg"/><use href="#ok"/>' +
      '<image href="javascript:alert(1)"/><image xlink:href="data:image/svg+xml;base64,PHN2Zz4="/>' +
      '<image href="data:image/png;base64,iVBORw0KGgo="/><use XLINK:HREF="http://evil.example/x"/></svg>';
    const result = sanitiseSvg(svg);
    expect(result.svg).toBe(
      `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink"><use/><use/><use/><use href="#ok"/><image/><image/>` +
        '<image href="data:image/png;base64,iVBORw0KGgo="/><use/></svg>',
    );
    expect(result.svg).not.toContain('evil');
    expect(result.removed).toContain('xlink:href on <use> (external reference)');
  });

  it('decodes character references before judging a reference', () => {
    const svg = `<svg ${NS}><a href="&#x6A;avascript:alert(1)"><rect/></a><use href="&#104;ttp://evil.example/#x"/><rect fill="java&#115;cript:x"/></svg>`;
    expect(clean(svg)).toBe(`<svg ${NS}><rect/><use/><rect/></svg>`);
  });

  it('removes url() to anything but a #fragment, in style attributes and presentation attributes', () => {
    const svg =
      `<svg ${NS}><rect style="background:url(http://evil.example/a.png);fill:red"/>` +
      '<rect style="fill:URL( \'https://evil.example/x\' )"/><rect fill="url(http://evil.example/p#g)"/>' +
      '<rect fill="url(#g)" style="fill:url(&quot;#g&quot;)"/><rect style="fill:u\\72l(http://evil.example)"/>' +
      '<rect style="behavior:url(x.htc);-moz-binding:url(x.xml#b)"/><rect filter="url(https://evil.example/f.svg#f)"/></svg>';
    const result = sanitiseSvg(svg);
    expect(result.svg).toBe(
      `<svg ${NS}><rect style="fill:red"/><rect/><rect/><rect fill="url(#g)" style="fill:url(&quot;#g&quot;)"/><rect/><rect/><rect/></svg>`,
    );
    expect(result.svg).not.toContain('evil');
  });

  it('keeps only safe rules of a <style> sheet', () => {
    const svg =
      `<svg ${NS}><style>@import url(https://evil.example/a.css);` +
      '@font-face{font-family:x;src:url(https://evil.example/f.woff)}' +
      '.a{fill:#f00;background-image:url(https://evil.example/t.png)} .b > .c{stroke:url(#g)}' +
      '@media print{.a{fill:url(http://evil.example/m)}}</style><rect class="a"/></svg>';
    const result = sanitiseSvg(svg);
    expect(result.svg).toBe(`<svg ${NS}><style>.a{fill:#f00}.b &gt; .c{stroke:url(#g)}</style><rect class="a"/></svg>`);
    expect(result.removed).toEqual(expect.arrayContaining(['style rule @import', 'style rule @font-face', 'style rule @media']));
  });

  it('removes animation elements that could rewrite an attribute into a script URL', () => {
    const svg = `<svg ${NS}><a><animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onload" to="alert(1)"/><text>hi</text></a></svg>`;
    expect(clean(svg)).toBe(`<svg ${NS}><text>hi</text></svg>`);
  });
});

describe('sanitiseSvg and less obvious fetches', () => {
  it('removes feImage, external pattern and gradient references, and a foreign xlink namespace', () => {
    const svg =
      `<svg ${NS} xmlns:xlink="http://evil.example/ns"><filter id="f"><feImage href="https://evil.example/i.png"/><feGaussianBlur stdDeviation="2"/></filter>` +
      '<pattern id="p" href="https://evil.example/p.svg#q"/><linearGradient id="g" xlink:href="http://evil.example/g.svg#h"/></svg>';
    expect(clean(svg)).toBe(
      `<svg ${NS}><filter id="f"><feGaussianBlur stdDeviation="2"/></filter><pattern id="p"/><linearGradient id="g"/></svg>`,
    );
  });

  it('sanitises a style sheet inside CDATA too', () => {
    const svg = `<svg ${NS}><style><![CDATA[@import url("https://evil.example/x.css"); rect { fill: url(https://evil.example/t.png); stroke: #000 }]]></style></svg>`;
    expect(clean(svg)).toBe(`<svg ${NS}><style>rect{stroke:#000}</style></svg>`);
  });

  it('drops a style value that only becomes dangerous after escapes or functions', () => {
    expect(
      clean(`<svg ${NS}><rect style="fill:red;x:expression(alert(1));stroke:image-set('https://evil.example/a.png' 1x)"/></svg>`),
    ).toBe(`<svg ${NS}><rect style="fill:red"/></svg>`);
    expect(clean(`<svg ${NS}><rect fill="url(#a) url(http://evil.example/b)"/></svg>`)).toBe(`<svg ${NS}><rect/></svg>`);
  });
});

describe('sanitiseSvg and entity tricks', () => {
  it('drops a DOCTYPE and never expands the entities it declares (XXE, billion laughs)', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg ${NS}><text>&xxe;</text></svg>`;
    const result = sanitiseSvg(xxe);
    expect(result.svg).toBe(`<svg ${NS}><text/></svg>`);
    expect(result.removed).toContain('DOCTYPE (and any entities it declares)');
    const laughs = `<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><svg ${NS}><text>&lol2;</text></svg>`;
    expect(clean(laughs)).toBe(`<svg ${NS}><text/></svg>`);
  });

  it('drops an entity that hides markup, and an attribute that uses one', () => {
    const svg = `<!DOCTYPE svg [<!ENTITY s "<script>alert(1)</script>">]><svg ${NS}><g id="&s;">&s;</g></svg>`;
    expect(clean(svg)).toBe(`<svg ${NS}><g/></svg>`);
  });

  it('refuses entity declarations outside a DOCTYPE and malformed references', () => {
    expect(() => sanitiseSvg(`<!ENTITY x "y"><svg ${NS}/>`)).toThrow(SvgError);
    expect(() => sanitiseSvg(`<svg ${NS}><text>a & b</text></svg>`)).toThrow(SvgError);
    expect(() => sanitiseSvg(`<svg ${NS}><text>&#0;</text></svg>`)).toThrow(SvgError);
    expect(() => sanitiseSvg(`<svg ${NS}><text>&#xD800;</text></svg>`)).toThrow(SvgError);
  });

  it('writes text and values escaped, so CDATA cannot smuggle markup', () => {
    expect(clean(`<svg ${NS}><text><![CDATA[<script>alert(1)</script>]]></text></svg>`)).toBe(
      `<svg ${NS}><text>&lt;script&gt;alert(1)&lt;/script&gt;</text></svg>`,
    );
    expect(clean(`<svg ${NS}><text aria-label='"&gt;&lt;script&gt;'>x</text></svg>`)).toBe(
      `<svg ${NS}><text aria-label="&quot;&gt;&lt;script&gt;">x</text></svg>`,
    );
  });
});

describe('sanitiseSvg refuses what is not one well-formed SVG document', () => {
  it.each([
    ['not XML', 'hello'],
    ['an HTML root', '<html><svg/></html>'],
    ['two roots', `<svg ${NS}/><svg ${NS}/>`],
    ['an unclosed element', `<svg ${NS}><g>`],
    ['mismatched tags', `<svg ${NS}><g></G></svg>`],
    ['an unquoted attribute', `<svg ${NS} width=10/>`],
    ['a duplicate attribute', `<svg ${NS} width="1" width="2"/>`],
    ['text after the root', `<svg ${NS}/>trailing`],
    ['an unterminated comment', `<svg ${NS}><!-- </svg>`],
  ])('%s', (_name, svg) => {
    expect(() => sanitiseSvg(svg)).toThrow(SvgError);
  });

  it('refuses deep nesting and oversized files', () => {
    expect(() => sanitiseSvg(`<svg ${NS}>${'<g>'.repeat(100)}${'</g>'.repeat(100)}</svg>`)).toThrow(/nested deeper/);
    expect(() => sanitiseSvg(`<svg ${NS}><desc>${'x'.repeat(600 * 1024)}</desc></svg>`)).toThrow(/larger than/);
  });

  it('adds the SVG namespace when missing or foreign', () => {
    expect(clean('<svg viewBox="0 0 1 1"/>')).toBe(`<svg ${NS} viewBox="0 0 1 1"/>`);
    expect(clean('<svg xmlns="http://www.w3.org/1999/xhtml"/>')).toBe(`<svg ${NS}/>`);
  });
});
