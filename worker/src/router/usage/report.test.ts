import { type ApiError } from '../../support/api-error';
import { parseUsageQuery } from './report';

const problems = (query: Record<string, unknown>) => {
  try {
    parseUsageQuery(query);
  } catch (error) {
    return (error as ApiError).data.params;
  }
  return null;
};

describe('parseUsageQuery', () => {
  it('takes a second grouping for the admin chart (cost per day by team)', () => {
    expect(parseUsageQuery({ group_by: 'day', split_by: 'team' })).toMatchObject({ groupBy: 'day', splitBy: 'team' });
    expect(parseUsageQuery({ group_by: 'day' }).splitBy).toBeUndefined();
  });

  it('refuses a split equal to the grouping, unknown names and inherited property names', () => {
    expect(problems({ group_by: 'day', split_by: 'day' })).toHaveProperty('split_by');
    expect(problems({ group_by: 'day', split_by: 'planet' })).toHaveProperty('split_by');
    expect(problems({ group_by: 'constructor' })).toHaveProperty('group_by');
    expect(problems({ group_by: 'day', split_by: 'toString' })).toHaveProperty('split_by');
  });
});
