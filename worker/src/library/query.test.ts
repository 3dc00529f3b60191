import { ApiError } from '../support/api-error';
import { assetType, parseTemplateQuery, sampleType, templateKey } from './query';
import { likeContains } from './library-rows';

const problemsOf = (query: Record<string, unknown>) => {
  try {
    parseTemplateQuery(query);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).code).toBe('svc_invalid_request');
    return (error as ApiError).data.params as Record<string, string>;
  }
  throw new Error('expected a 400');
};

describe('parseTemplateQuery', () => {
  it('defaults to page 1, 20 per page, no filter', () => {
    expect(parseTemplateQuery({})).toEqual({ page: 1, perPage: 20, category: undefined, search: undefined });
  });

  it('reads page, per_page, category and search', () => {
    expect(parseTemplateQuery({ page: '3', per_page: '100', category: 'quote', search: '  50% off_ ' })).toEqual({
      page: 3,
      perPage: 100,
      category: 'quote',
      search: '50% off_',
    });
    expect(parseTemplateQuery({ per_page: '1' }).perPage).toBe(1);
  });

  it.each(['0', '-1', '101', 'abc', '1e3', '2.5', '', ' 5', '0x10'])('refuses per_page=%j, naming 1 to 100 (never clamped)', (value) => {
    expect(problemsOf({ per_page: value })).toEqual({ per_page: 'must be an integer from 1 to 100' });
  });

  it('refuses a bad page and a repeated parameter', () => {
    expect(Object.keys(problemsOf({ page: '0' }))).toEqual(['page']);
    expect(Object.keys(problemsOf({ per_page: ['5', '6'] }))).toEqual(['per_page']);
  });

  it('refuses an unknown category, naming the known ones', () => {
    expect(problemsOf({ category: 'memes' }).category).toBe(
      'must be one of social-post, story, banner, product-card, quote, event, announcement',
    );
    expect(Object.keys(problemsOf({ category: ['quote'] }))).toEqual(['category']);
  });

  it('names every bad parameter at once', () => {
    expect(Object.keys(problemsOf({ per_page: '0', page: 'x', category: 'x', search: '' })).sort()).toEqual([
      'category',
      'page',
      'per_page',
      'search',
    ]);
  });

  it('bounds search to 100 characters (code points, so emoji count once)', () => {
    expect(parseTemplateQuery({ search: '🎉'.repeat(100) }).search).toBe('🎉'.repeat(100));
    expect(Object.keys(problemsOf({ search: 'x'.repeat(101) }))).toEqual(['search']);
    expect(Object.keys(problemsOf({ search: '   ' }))).toEqual(['search']);
  });
});

describe('likeContains', () => {
  it('takes %, _ and the escape character literally', () => {
    expect(likeContains("50%_off!' OR 1=1 --")).toBe("%50!%!_off!!' OR 1=1 --%");
  });
});

describe('path parameters', () => {
  it('accept a template id or a slug, nothing else', () => {
    expect(templateKey('tpl_01JAAAAAAAAAAAAAAAAAAAAAAA')).toBe('tpl_01JAAAAAAAAAAAAAAAAAAAAAAA');
    expect(templateKey('spring-sale')).toBe('spring-sale');
    for (const bad of ['../../wp-config', '..', 'smp_01JAAAAAAAAAAAAAAAAAAAAAAA', 'Spring', "x' OR '1'='1", 'ü', 'a'.repeat(81), ''])
      expect(templateKey(bad)).toBeNull();
  });

  it('map a type to the fixed set, else 404 naming the allowed values', () => {
    expect(sampleType('photos')).toBe('photos');
    expect(assetType('fonts')).toBe('fonts');
    for (const bad of ['../../wp-config', '..', 'PHOTOS', 'shapes', '✓', 'x'.repeat(5000)]) {
      let thrown: unknown;
      try {
        sampleType(bad);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).status).toBe(404);
      expect((thrown as ApiError).data.allowed).toEqual(['photos', 'logos', 'texts', 'palettes']);
      expect((thrown as ApiError).message).not.toContain(bad);
    }
  });
});
