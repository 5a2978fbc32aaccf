import type { ChangeEvent, CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import './PercentSlider.css';

/** spec §5: percent slider steps. */
export const PERCENT_STEPS: readonly number[] = [0, 25, 50, 75, 100];

export interface PercentSliderProps {
  /** 0..100; values outside are clamped for display. */
  value: number;
  onChange: (percent: number) => void;
  steps?: readonly number[];
  disabled?: boolean;
  /** Accessible name; default the translated 'percentage'. */
  ariaLabel?: string;
  className?: string;
}

function clamp(n: number): number {
  return Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : 0;
}

/** spec §5: percent slider with steps 0/25/50/75/100 plus a range input (whole percents). */
export function PercentSlider({ value, onChange, steps = PERCENT_STEPS, disabled = false, ariaLabel, className }: PercentSliderProps) {
  const { t } = useTranslation('components');
  const percent = clamp(value);
  const fill = { '--td-slider-fill': `${percent}%` } as CSSProperties;

  // Layers: the rail and step dots are drawn under a range input whose own track is transparent, so
  // a press anywhere on the rail moves the thumb; the step buttons are the labels under the rail.
  return (
    <div className={['td-slider', disabled && 'td-slider--disabled', className].filter(Boolean).join(' ')} style={fill}>
      <div className="td-slider__rail" aria-hidden="true" />
      <div className="td-slider__dots" aria-hidden="true">
        {steps.map((step) => (
          <span
            key={step}
            className={['td-slider__dot', step <= percent && 'td-slider__dot--reached'].filter(Boolean).join(' ')}
            style={{ left: `${step}%` }}
          />
        ))}
      </div>
      <input
        type="range"
        className="td-slider__range"
        min={0}
        max={100}
        step={1}
        value={percent}
        disabled={disabled}
        aria-label={ariaLabel ?? t('slider.label')}
        aria-valuetext={t('slider.valueText', { value: percent })}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(clamp(Number(event.target.value)))}
      />
      <div className="td-slider__steps">
        {steps.map((step) => (
          <button
            key={step}
            type="button"
            className="td-slider__step"
            style={{ left: `${step}%` }}
            disabled={disabled}
            aria-label={t('slider.setTo', { value: step })}
            aria-pressed={step === percent}
            onClick={() => onChange(step)}
          >
            {step}%
          </button>
        ))}
      </div>
    </div>
  );
}
