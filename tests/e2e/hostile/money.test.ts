import { moneyCases } from './attacks/money';
import { runFamily } from './suite';

runFamily('money and counts in hostile spellings', moneyCases());
