import type { ComponentType } from 'react';
import type { ScreenName } from '../../shared/admin-routes';
import { LoginPage } from '../features/auth/LoginPage';

/** A screen in the first download, or one that loads when first opened. */
export type ScreenSource = { Component: ComponentType } | { lazy: () => Promise<ComponentType> };

// Only the login screen is in the first download (docs/decisions/0012): every other screen, the layout included,
// loads when first opened, so the login route stays within its JavaScript budget (bench/bundle-size.mjs).
// One import for an area with several screens: each import() carries its preload list into the first download.
const marketplaceScreens = () => import('./marketplace-screens');

/** The screens the route table (shared/admin-routes.ts) names; the type makes every name have one, and only those. */
export const SCREENS: Record<ScreenName, ScreenSource> = {
  LoginPage: { Component: LoginPage },
  ForgotPasswordPage: { lazy: () => import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage) },
  ResetPasswordPage: { lazy: () => import('../features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage) },
  OnboardingPage: { lazy: () => import('../features/onboarding/OnboardingPage').then((m) => m.OnboardingPage) },
  AcceptInvitationPage: { lazy: () => import('../features/invitations/AcceptInvitationPage').then((m) => m.AcceptInvitationPage) },
  HomePage: { lazy: () => import('../features/home/HomePage').then((m) => m.HomePage) },
  AccountPage: { lazy: () => import('../features/account/AccountPage').then((m) => m.AccountPage) },
  LgpdPage: { lazy: () => import('../features/lgpd/LgpdPage').then((m) => m.LgpdPage) },
  UsersPage: { lazy: () => import('../features/users/UsersPage').then((m) => m.UsersPage) },
  MenusPage: { lazy: () => import('../features/menus/MenusPage').then((m) => m.MenusPage) },
  MenuFormPage: { lazy: () => import('../features/menus/MenuFormPage').then((m) => m.MenuFormPage) },
  MenuEditPage: { lazy: () => import('../features/menus/MenuEditPage').then((m) => m.MenuEditPage) },
  QrPage: { lazy: () => import('../features/menus/QrPage').then((m) => m.QrPage) },
  MenuLanguagesPage: { lazy: () => import('../features/menus/MenuLanguagesPage').then((m) => m.MenuLanguagesPage) },
  EstablishmentFormPage: {
    lazy: () => import('../features/establishments/EstablishmentFormPage').then((m) => m.EstablishmentFormPage),
  },
  MenuInsightsPage: { lazy: () => import('../features/menu-insights/MenuInsightsPage').then((m) => m.MenuInsightsPage) },
  MenuEngineeringPage: {
    lazy: () => import('../features/menu-engineering/MenuEngineeringPage').then((m) => m.MenuEngineeringPage),
  },
  CatalogPage: { lazy: () => import('../features/catalog/CatalogPage').then((m) => m.CatalogPage) },
  CatalogFormPage: { lazy: () => import('../features/catalog/CatalogFormPage').then((m) => m.CatalogFormPage) },
  ReviewsPage: { lazy: () => import('../features/onboarding/ReviewsPage').then((m) => m.ReviewsPage) },
  ReviewDetailPage: { lazy: () => import('../features/onboarding/ReviewDetailPage').then((m) => m.ReviewDetailPage) },
  AnalyticsPage: { lazy: () => import('../features/analytics/AnalyticsPage').then((m) => m.AnalyticsPage) },
  CellarPage: { lazy: () => import('../features/cellar/CellarPage').then((m) => m.CellarPage) },
  RecountPage: { lazy: () => import('../features/cellar/RecountPage').then((m) => m.RecountPage) },
  TillImportPage: { lazy: () => import('../features/till-import/TillImportPage').then((m) => m.TillImportPage) },
  ProductsPage: { lazy: () => import('../features/products/ProductsPage').then((m) => m.ProductsPage) },
  SuppliersPage: { lazy: () => marketplaceScreens().then((m) => m.SuppliersPage) },
  SupplierFormPage: { lazy: () => marketplaceScreens().then((m) => m.SupplierFormPage) },
  OrdersPage: { lazy: () => marketplaceScreens().then((m) => m.OrdersPage) },
  OrderFormPage: { lazy: () => marketplaceScreens().then((m) => m.OrderFormPage) },
  OrderPage: { lazy: () => marketplaceScreens().then((m) => m.OrderPage) },
  ImportWizardPage: { lazy: () => import('../features/product-import/ImportWizardPage').then((m) => m.ImportWizardPage) },
  ImportHistoryPage: { lazy: () => import('../features/product-import/ImportHistoryPage').then((m) => m.ImportHistoryPage) },
  CrmDashboardPage: { lazy: () => import('../features/crm/CrmDashboardPage').then((m) => m.CrmDashboardPage) },
  LeadsPage: { lazy: () => import('../features/crm/LeadsPage').then((m) => m.LeadsPage) },
  OpportunitiesPage: { lazy: () => import('../features/crm/OpportunitiesPage').then((m) => m.OpportunitiesPage) },
  ActivitiesPage: { lazy: () => import('../features/crm/ActivitiesPage').then((m) => m.ActivitiesPage) },
  AuditPage: { lazy: () => import('../features/audit/AuditPage').then((m) => m.AuditPage) },
  IntegrationsPage: { lazy: () => import('../features/integrations/IntegrationsPage').then((m) => m.IntegrationsPage) },
};
