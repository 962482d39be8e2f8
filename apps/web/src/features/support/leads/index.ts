/** 客户线索: the consult / demo form other screens offer. */
export { LeadFormModal, type LeadFormModalProps } from './LeadFormModal.tsx';
