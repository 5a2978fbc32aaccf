import { setTradeForm } from '../TradeFormSlot.tsx';
import { TradeForm } from './TradeForm.tsx';

// The trading page's form slot shows the trade form (spec §3 "Trade form") once this module is loaded by the page.
setTradeForm(TradeForm);
