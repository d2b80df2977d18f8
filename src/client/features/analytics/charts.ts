// Chart.js is registered here, imported only by the analytics screen: it stays in that lazy chunk (decision 0012).
import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

ChartJS.register(ArcElement, BarElement, CategoryScale, Filler, Legend, LinearScale, LineElement, PointElement, Tooltip);

/** The five colours of the top-suppliers doughnut (SPEC §9), wine first. */
export const SUPPLIER_COLOURS = ['#a82947', '#d9a441', '#2f7d6d', '#4a6fa5', '#8a6d9e'];
export const WINE = '#a82947';
export const WINE_FILL = 'rgba(168, 41, 71, 0.12)';
