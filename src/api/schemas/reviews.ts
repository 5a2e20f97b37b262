/**
 * ReviewsAnalytics: the shape shared by DomainReviews and CompanyReviews (both marked (U)), with the
 * analytics of each year keyed by the year as a string.
 */
import { z } from 'zod';
import { block, dateValue, number, text, updatable } from './common.js';

export const AspectSchema = block({ text, count: number, positive: number, negative: number });

/** TimeSeriesDataPoint<number>. */
export const TimeSeriesDataPointSchema = block({ date: dateValue, value: number });
const series = z.array(TimeSeriesDataPointSchema);

export const RatingDistributionAnalyticsSchema = block({
  data: z.record(z.string(), number),
  customerSatisfactionScore: number,
  polarizationFactor: number,
  overallAverageRating: number,
});

export const IndividualRatingsAnalyticsSchema = block({
  data: series,
  ratingVolatility: number,
  longestPositiveStreak: number,
  longestNegativeStreak: number,
});

export const AverageRatingAnalyticsSchema = block({
  data: series,
  trendSlope: number,
  largestMonthlyImprovement: number,
  monthsAboveAverage: number,
});

export const ReviewCountAnalyticsSchema = block({
  data: series,
  engagementTrendSlope: number,
  volumeVolatility: number,
  yearlyGrowthPercentage: number,
});

export const YearlyReviewAnalyticsSchema = block({
  year: number,
  ratingDistribution: RatingDistributionAnalyticsSchema,
  individualRatings: IndividualRatingsAnalyticsSchema,
  monthlyAverageRatings: AverageRatingAnalyticsSchema,
  monthlyReviewCounts: ReviewCountAnalyticsSchema,
});

/** DomainReviews and CompanyReviews: ReviewsAnalytics with the (U) update pair. */
export const ReviewsAnalyticsSchema = updatable({
  rating: number,
  reviewsCount: number,
  aspects: z.array(AspectSchema),
  yearlyAnalytics: z.record(z.string(), YearlyReviewAnalyticsSchema),
});
