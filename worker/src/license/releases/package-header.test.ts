import { buildZip, pluginZip } from '../../../../tests/support/zip-builder';
import { checkReleaseZip, headerValue } from './package-header';
import { safeEntryName } from './zip-entries';

const plugin = { type: 'plugin' as const, slug: 'acme-forms' };
const hub = 'hub.example';

describe('checkReleaseZip', () => {
  it("reads the main file's header", () => {
    const zip = pluginZip('acme-forms', '1.2.0', 'https://hub.example/');
    expect(checkReleaseZip(zip, plugin, '1.2.0', hub)).toEqual({
      name: 'acme-forms test plugin',
      version: '1.2.0',
      updateUri: 'https://hub.example/',
    });
  });

  it('refuses what is not a release of this product on this hub', () => {
    const refuse =
      (zip: Buffer, version = '1.2.0') =>
      () =>
        checkReleaseZip(zip, plugin, version, hub);
    expect(refuse(Buffer.from('PK not a zip at all'))).toThrow('is not a zip file');
    expect(refuse(pluginZip('acme-forms', '1.2.0', 'https://hub.example/'), '1.3.0')).toThrow('not 1.3.0');
    expect(refuse(pluginZip('acme-forms', '1.2.0', 'https://elsewhere.example/'))).toThrow('must point at this hub');
    expect(refuse(pluginZip('other', '1.2.0', 'https://hub.example/'))).toThrow('outside the folder acme-forms/');
    expect(refuse(buildZip([{ name: 'acme-forms/readme.txt', content: 'hi' }]))).toThrow('with a "Plugin Name:" header');
    expect(
      refuse(pluginZip('acme-forms', '1.2.0', 'https://hub.example/', [{ name: 'acme-forms/../../wp-config.php', content: 'x' }])),
    ).toThrow('escapes its folder');
    const bomb = buildZip([{ name: 'acme-forms/a.txt', content: Buffer.alloc(1024 * 1024) }]);
    expect(refuse(bomb)).toThrow('zip bomb');
    const liar = buildZip([
      { name: 'acme-forms/acme-forms.php', content: '<?php /* Plugin Name: x\nVersion: 1.2.0 */' + 'x'.repeat(500), declaredSize: 10 },
    ]);
    expect(refuse(liar)).toThrow('does not unpack');
  });

  it('takes the connected-hub host svc-hub.invalid (svc-client and svc-hub themselves)', () => {
    const zip = pluginZip('acme-forms', '1.2.0', 'https://svc-hub.invalid/acme-forms');
    expect(checkReleaseZip(zip, plugin, '1.2.0', hub).updateUri).toBe('https://svc-hub.invalid/acme-forms');
  });

  it('reads a theme from style.css', () => {
    const zip = buildZip([
      { name: 'acme-theme/style.css', content: '/*\nTheme Name: Acme\nVersion: 2.0\nUpdate URI: https://hub.example/t\n*/' },
    ]);
    expect(checkReleaseZip(zip, { type: 'theme', slug: 'acme-theme' }, '2.0', hub).name).toBe('Acme');
  });
});

describe('headerValue', () => {
  it('reads headers as get_file_data() does', () => {
    expect(headerValue('<?php /* Plugin Name: Forms */', 'Plugin Name')).toBe('Forms');
    expect(headerValue('# Version: 1.0 ?> trailing', 'Version')).toBe('1.0');
    expect(headerValue('Description: no version', 'Version')).toBe('');
  });
});

describe('safeEntryName', () => {
  it('keeps names inside their folder', () => {
    for (const good of ['a/', 'a/b.php', 'a/b/c.txt']) expect(safeEntryName(good)).toBe(true);
    for (const bad of ['/etc/passwd', 'a/../../x', 'a\\..\\x', 'C:/x', 'a//b', './a', 'a/\u0000b']) expect(safeEntryName(bad)).toBe(false);
  });
});
