/** Statistics: the service board and the employee-structure, risk, tax and insurance figures. */
export {};
