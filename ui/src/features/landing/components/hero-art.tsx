import { CheckCircle2, Heart, MapPin, Play, Sparkles } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { initials } from '@/lib/format';
import { ns } from '../i18n';

/** Decorative phone mock-up beside the hero on wider screens (hidden from assistive tech). */
export function HeroArt() {
  const { t } = useTranslation(ns);
  return (
    <div aria-hidden className="relative hidden justify-center md:flex">
      <div className="relative h-[460px] w-[240px] rotate-3 rounded-[40px] border-[10px] border-slate-900 bg-slate-900 shadow-2xl shadow-brand-900/30">
        <div className="absolute inset-0 overflow-hidden rounded-[30px] bg-[linear-gradient(160deg,#7c3aed_0%,#ec4899_55%,#f59e0b_100%)]">
          <div className="absolute left-4 top-5 flex items-center gap-2 text-white">
            <span className="flex h-8 w-8 items-center justify-center rounded-full bg-white text-xs font-extrabold text-brand-700">
              {initials(t('heroArt.company'))}
            </span>
            <div>
              <p className="text-xs font-bold">{t('heroArt.company')}</p>
              <p className="flex items-center gap-1 text-[10px] text-white/80">
                <MapPin className="h-2.5 w-2.5" /> {t('heroArt.location')}
              </p>
            </div>
          </div>
          <span className="absolute left-1/2 top-1/2 flex h-14 w-14 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white/25 text-white backdrop-blur">
            <Play className="h-6 w-6 translate-x-0.5" />
          </span>
          <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent p-4 pt-16 text-white">
            <p className="text-base font-extrabold">{t('heroArt.title')}</p>
            <p className="text-[11px] text-white/85">{t('heroArt.description')}</p>
            <div className="mt-3 h-8 rounded-full bg-white text-center text-xs font-bold leading-8 text-brand-700">
              {t('heroArt.applyNow')}
            </div>
          </div>
        </div>
      </div>
      <div className="absolute left-2 top-16 flex items-center gap-1.5 rounded-2xl bg-white px-3 py-2 text-sm font-bold text-slate-800 shadow-xl lg:left-8">
        <Sparkles className="h-4 w-4 text-brand-600" /> {t('heroArt.match')}
      </div>
      <div className="absolute bottom-24 right-0 flex items-center gap-1.5 rounded-2xl bg-white px-3 py-2 text-sm font-bold text-slate-800 shadow-xl lg:right-6">
        <Heart className="h-4 w-4 fill-accent-500 text-accent-500" /> {t('heroArt.likes')}
      </div>
      <div className="absolute bottom-44 left-0 flex items-center gap-1.5 rounded-2xl bg-white px-3 py-2 text-sm font-bold text-slate-800 shadow-xl lg:left-4">
        <CheckCircle2 className="h-4 w-4 text-emerald-500" /> {t('heroArt.applied')}
      </div>
    </div>
  );
}
