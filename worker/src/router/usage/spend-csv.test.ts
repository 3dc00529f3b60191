import { spendCsv } from './spend-csv';
import { parseSpendQuery, type SpendRow } from './spend-report';

const row = (fields: Partial<SpendRow>): SpendRow => ({
  group: {},
  period: '2026-11',
  customer_name: null,
  calls: 2,
  unpriced_calls: 0,
  cost: '0.10000000',
  billed: '0.12000000',
  margin: '0.02000000',
  ...fields,
});

describe('the spend report as CSV', () => {
  it('has a header naming the dimensions, then one line per row with exact USD', () => {
    const query = parseSpendQuery({ by: 'customer,site,team' });
    const csv = spendCsv(query, [
      row({ group: { customer: 'cus_1', site: 'https://a.example', team: 'growth' }, customer_name: 'Zoë Müller' }),
    ]);
    expect(csv).toBe(
      'customer,site,team,period,customer_name,calls,unpriced_calls,cost,billed,margin,currency\r\n' +
        'cus_1,https://a.example,growth,2026-11,Zoë Müller,2,0,0.10000000,0.12000000,0.02000000,USD\r\n',
    );
  });

  it("quotes commas and quotes, and defuses a client's label a spreadsheet would run as a formula", () => {
    const query = parseSpendQuery({ by: 'team,campaign' });
    const csv = spendCsv(query, [row({ group: { team: '=HYPERLINK("x")', campaign: 'a,b' } })]);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")","a,b",2026-11,2,0,0.10000000,0.12000000,0.02000000,USD`);
  });
});

describe('a spend query', () => {
  const problems = (query: Record<string, unknown>) => {
    try {
      parseSpendQuery(query);
    } catch (error) {
      return (error as { data: { params: Record<string, string> } }).data.params;
    }
    return {};
  };

  it('defaults to customer and site by month over the last 30 days', () => {
    const now = new Date('2026-11-28T00:00:00Z');
    expect(parseSpendQuery({}, now)).toEqual({
      by: ['customer', 'site'],
      period: 'month',
      from: new Date('2026-10-29T00:00:00Z'),
      to: now,
      customer: null,
    });
  });

  it('names each bad parameter', () => {
    expect(Object.keys(problems({ by: 'site,site', period: 'week', from: 'yesterday', customer: 'x' })).sort()).toEqual([
      'by',
      'customer',
      'from',
      'period',
    ]);
    expect(problems({ by: ['site', 'team'] }).by).toBeDefined();
    expect(problems({ by: 'site,secret' }).by).toMatch(/customer, site, team, campaign, model/);
    expect(problems({ from: '2026-12-01', to: '2026-11-01' }).from).toBe('must not be after to');
  });
});
