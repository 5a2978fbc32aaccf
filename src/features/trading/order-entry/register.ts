import { setTradeForm } from '../TradeFormSlot.tsx';
import { TradeForm } from './TradeForm.tsx';

// The trading page's form slot shows the trade form (issue 7) once this module is loaded by the page.
setTradeForm(TradeForm);
