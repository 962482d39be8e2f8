import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  BellOutlined,
  CalculatorOutlined,
  CloudOutlined,
  ControlOutlined,
  CustomerServiceOutlined,
  EditOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
  TransactionOutlined,
  UserAddOutlined,
  UserDeleteOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The icons the route table names (meta.icon), imported one by one to keep the bundle small. */
const ICONS: Record<string, ComponentType> = {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  BellOutlined,
  CalculatorOutlined,
  CloudOutlined,
  ControlOutlined,
  CustomerServiceOutlined,
  EditOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
  TransactionOutlined,
  UserAddOutlined,
  UserDeleteOutlined,
  WalletOutlined,
};

export function RouteIcon({ name }: { name?: string }) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}

export function hasRouteIcon(name: string): boolean {
  return name in ICONS;
}
